import FlowGraphCore

/// A literal value in `with`, by its YAML 1.2 core-schema type.
indirect enum LiteralSyntax: Sendable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case list([LiteralSyntax])

  /// How the literal reads in a message (`the integer 3`, `the string "a"`).
  var summary: String {
    switch self {
    case .null: "null"
    case .bool(let value): "the boolean \(value)"
    case .int(let value): "the integer \(value)"
    case .double(let value): "the number \(value)"
    case .string(let value): "the string \"\(value)\""
    case .list: "a list"
    }
  }
}

/// One `with` entry: which param of the target it fills and with what.
struct WithBinding: Sendable {
  /// What the value is.
  enum Value: Sendable {
    /// `$name`: a field of the scope (trigger payload, screen params, flow input).
    case reference(String)
    /// A literal.
    case literal(LiteralSyntax)
  }

  /// The `with` key (the target's param name).
  var key: SyntaxName
  /// The value.
  var value: Value
  /// The value node.
  var valueRange: SourceRange
}
