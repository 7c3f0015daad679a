internal import CFlowGraphLibYAML
import FlowGraphCore

/// Parses one YAML document with libyaml's event API into a ``YAMLDocument``.
public struct YAMLParser: Sendable {
  /// The limits applied.
  public var limits: YAMLLimits

  /// Creates a parser.
  public init(limits: YAMLLimits = .default) {
    self.limits = limits
  }

  /// Parses `bytes` (the file's contents) as the file `file`. Returns the
  /// document (when the file is well-formed enough to have one) and every
  /// finding (`yaml-syntax`, `yaml-limit`, `duplicate-key`…).
  public func parse(_ bytes: [UInt8], file: String) -> (document: YAMLDocument?, diagnostics: [Diagnostic]) {
    _ = yaml_get_version_string()
    return (nil, [Diagnostic(.yamlSyntax, "not implemented", at: nil)])
  }
}
