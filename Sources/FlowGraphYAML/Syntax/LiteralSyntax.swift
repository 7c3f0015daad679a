import FlowGraphCore

/// A literal value in `with`, by its YAML 1.2 core-schema type.
indirect enum LiteralSyntax: Sendable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case list([LiteralSyntax])
  /// An integer (plain or `!!int`) that `int` cannot hold, as written, and
  /// what the core schema reads it as (a decimal's double, a `0x` or `0o`
  /// one's string): it is that value for every type but `int`, where it is
  /// out of range (``IntegerLiteral``).
  case outOfRangeInteger(String, read: LiteralSyntax)

  /// How the literal reads in a message (`the integer 3`, `the string "a"`).
  var summary: String {
    switch self {
    case .null: "null"
    case .bool(let value): "the boolean \(value)"
    case .int(let value): "the integer \(value)"
    case .double(let value) where value.isNaN: ".nan, which is not a number"
    case .double(let value) where !value.isFinite:
      "\(value < 0 ? "-" : "").inf, which is not a finite number"
    case .double(let value): "the number \(value)"
    case .string(let value): "the string \"\(value)\""
    case .outOfRangeInteger(let text, _): "the integer \(text)"
    case .list(let items):
      if let odd = items.first(where: \.isNonFinite) {
        "a list holding \(odd.summary)"
      } else {
        "a list"
      }
    }
  }

  /// Whether the literal is (or holds) `.inf`, `-.inf` or `.nan`.
  var isNonFinite: Bool {
    switch self {
    case .double(let value): !value.isFinite
    case .list(let items): items.contains(where: \.isNonFinite)
    case .null, .bool, .int, .string, .outOfRangeInteger: false
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
  var valueRange: SyntaxRange
}

extension LiteralSyntax {
  /// The literal (a double or a string, as the core schema read `node`),
  /// or ``outOfRangeInteger(_:read:)`` when `node` is a plain untagged
  /// scalar written as an integer that `int` cannot hold: a decimal too
  /// large for `Int` reads as a double, a `0x` or `0o` one as a string.
  /// (The parser refuses such an integer tagged `!!int`.)
  func checkingIntegerRange(of node: YAMLNode) -> LiteralSyntax {
    if case .string(let text) = self, !(text.hasPrefix("0x") || text.hasPrefix("0o")) {
      return self
    }
    guard let scalar = node.scalar, scalar.style == .plain, scalar.tag == .none,
      IntegerLiteral.isOutOfRange(scalar.value, radixPrefixes: true)
    else { return self }
    return .outOfRangeInteger(scalar.value, read: self)
  }
}
