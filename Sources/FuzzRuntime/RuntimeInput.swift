import FlowGraphCore
import FlowGraphYAML

/// A runtime fuzz input: a flow file, then optionally the line `#~events`
/// and the bytes that choose the events, task outcomes and values.
struct RuntimeInput {
  /// The line that separates the flow file from the choice bytes.
  static let marker = Array("\n#~events\n".utf8)

  /// The file the flow text is loaded as (never read: imports are refused).
  static let file = "/nonexistent/flowgraph-fuzz/runtime.yaml"

  var text: String
  var choices: [UInt8]

  init(_ bytes: [UInt8]) {
    if let split = Self.lastIndex(of: Self.marker, in: bytes) {
      text = String(decoding: bytes[..<split], as: UTF8.self)
      choices = Array(bytes[(split + Self.marker.count)...])
    } else {
      text = String(decoding: bytes, as: UTF8.self)
      choices = SeededBytes.make(seed: SeededBytes.hash(bytes), count: 256)
    }
  }

  private static func lastIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    var start = haystack.count - needle.count
    while start >= 0 {
      if haystack[start..<(start + needle.count)].elementsEqual(needle) { return start }
      start -= 1
    }
    return nil
  }

  /// The rules whose findings still leave a graph the runtime must run
  /// safely: the exact graph rules describe runs, not broken structure.
  static let runnableRules: Set<RuleID> = [
    .unreachableScreen, .noExit, .unboundedStack, .undismissableModal, .invalidPop,
    .invalidDismiss,
  ]

  /// The compiled graph, when the text compiles without errors, has no
  /// imports (the fuzzer reads no files) and the validator finds no error
  /// outside ``runnableRules``; and whether it is clean (no error at all).
  ///
  /// A graph whose `suppress` lists an error rule outside ``runnableRules``
  /// is not run: it may hide a compile error (a `type-mismatch` whose
  /// argument was dropped), and the engine does not yet check bound
  /// arguments itself (docs/robustness.md, "Open findings").
  func graph() -> (graph: FlowGraph, clean: Bool)? {
    let (document, _) = YAMLParser().parse(Array(text.utf8), file: Self.file)
    guard let document, document.root["imports"] == nil else { return nil }
    let loaded = FlowGraphLoader().load(text: text, file: Self.file)
    guard let graph = loaded.graph, !loaded.diagnostics.hasErrors else { return nil }
    let hidesCompileErrors = graph.suppressions.contains { suppression in
      suppression.rules.contains {
        $0.defaultSeverity == .error && !Self.runnableRules.contains($0)
      }
    }
    guard !hidesCompileErrors else { return nil }
    let errors = Validator().validate(graph).filter { $0.severity == .error }
    guard errors.allSatisfy({ Self.runnableRules.contains($0.rule) }) else { return nil }
    return (graph, errors.isEmpty)
  }
}
