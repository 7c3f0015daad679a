import FlowGraphCore
import FlowGraphYAML

/// Helpers shared by the YAML front end's tests.
enum YAMLTestSupport {
  static let file = "test.yaml"

  /// Parses `text` (as UTF-8 bytes) with `limits`.
  static func parse(_ text: String, limits: YAMLLimits = .default) -> (
    document: YAMLDocument?, diagnostics: [Diagnostic]
  ) {
    YAMLParser(limits: limits).parse(Array(text.utf8), file: file)
  }

  /// Parses raw bytes with `limits`.
  static func parse(bytes: [UInt8], limits: YAMLLimits = .default) -> (
    document: YAMLDocument?, diagnostics: [Diagnostic]
  ) {
    YAMLParser(limits: limits).parse(bytes, file: file)
  }

  /// A finding as `rule@line:column`, the form the tests compare.
  static func summary(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.map { "\($0.rule)@\($0.line ?? 0):\($0.column ?? 0)" }
  }

  /// A compact, flow-style rendering of a node (for structural comparisons):
  /// scalars as their text (quoted ones in double quotes), `[a, b]`, `{k: v}`.
  /// Iterative in spirit for the small trees the tests use.
  static func render(_ node: YAMLNode, depth: Int = 0) -> String {
    precondition(depth < 100, "the test trees are shallow")
    switch node.kind {
    case .scalar:
      let scalar = node.scalar!
      return scalar.style == .plain ? scalar.value : "\"\(scalar.value)\""
    case .sequence:
      return "[" + node.items.map { render($0, depth: depth + 1) }.joined(separator: ", ") + "]"
    case .mapping:
      return "{"
        + node.pairs.map {
          "\(render($0.key, depth: depth + 1)): \(render($0.value, depth: depth + 1))"
        }
        .joined(separator: ", ") + "}"
    }
  }
}
