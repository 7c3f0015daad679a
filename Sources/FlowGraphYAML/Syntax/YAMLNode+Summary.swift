import FlowGraphCore

extension YAMLNode {
  /// The scalar's core-schema value (`nil` for collections).
  var scalarValue: YAMLCoreValue? {
    scalar?.coreValue
  }

  /// Whether the node is a null scalar (`~`, `null`, or nothing at all).
  var isNull: Bool { isNullScalar }

  /// How the node reads in a message: `a map`, `a list`, `the integer 3`…
  var summary: String {
    switch kind {
    case .mapping: return "a map"
    case .sequence: return "a list"
    case .scalar:
      switch scalarValue {
      case .null, .none: return "nothing (null)"
      case .bool(let value): return "the boolean \(value)"
      case .int(let value): return "the integer \(value)"
      case .double: return "the number \(text ?? "")"
      case .string(let value): return "the string '\(value)'"
      }
    }
  }
}
