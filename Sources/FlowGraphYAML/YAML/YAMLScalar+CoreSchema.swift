extension YAMLScalar {
  /// The YAML 1.2 core-schema resolution (never 1.1): plain `true`/`false`
  /// (and `True`/`TRUE`…) are booleans, `yes`/`no`/`on`/`off` are strings,
  /// `~`/`null`/empty are null, integers are decimal, `0o` or `0x`, floats
  /// include `.inf` and `.nan`; quoted and block scalars are strings; an
  /// explicit core tag forces the type (falling back to a string when the
  /// text does not fit it, which the parser already reports).
  public var coreValue: YAMLCoreValue {
    switch tag {
    case .str, .seq, .map: return .string(value)
    case .null: return .null
    case .bool: return Self.resolveBool(value).map { .bool($0) } ?? .string(value)
    case .int: return Self.resolveInt(value) ?? .string(value)
    case .float:
      if let number = Self.resolveFloat(value) { return number }
      if case .int(let int)? = Self.resolveInt(value) { return .double(Double(int)) }
      if case .double(let double)? = Self.resolveInt(value) { return .double(double) }
      return .string(value)
    case .none:
      guard style == .plain else { return .string(value) }
      return Self.resolvePlain(value)
    }
  }

  /// Resolves an untagged plain scalar.
  static func resolvePlain(_ text: String) -> YAMLCoreValue {
    guard let first = text.utf8.first else { return .null }
    // Only text starting with these can be anything but a string.
    switch first {
    case UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"):
      return isNull(text) ? .null : .string(text)
    case UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"):
      return resolveBool(text).map { .bool($0) } ?? .string(text)
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
      UInt8(ascii: "."):
      if let int = resolveInt(text) { return int }
      if let float = resolveFloat(text) { return float }
      return .string(text)
    default:
      return .string(text)
    }
  }

  static func isNull(_ text: String) -> Bool {
    text == "~" || text == "null" || text == "Null" || text == "NULL" || text.isEmpty
  }

  static func resolveBool(_ text: String) -> Bool? {
    switch text {
    case "true", "True", "TRUE": true
    case "false", "False", "FALSE": false
    default: nil
    }
  }

  /// `[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+`. A decimal too large for
  /// `Int` is a double; an octal or hexadecimal one is not a number.
  static func resolveInt(_ text: String) -> YAMLCoreValue? {
    let bytes = Array(text.utf8)
    guard !bytes.isEmpty else { return nil }
    if bytes.count > 2, bytes[0] == UInt8(ascii: "0") {
      if bytes[1] == UInt8(ascii: "o") {
        let digits = text.dropFirst(2)
        guard digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "7") })
        else { return nil }
        return Int(digits, radix: 8).map { .int($0) }
      }
      if bytes[1] == UInt8(ascii: "x") {
        let digits = text.dropFirst(2)
        guard digits.utf8.allSatisfy({ isHexDigit($0) }) else { return nil }
        return Int(digits, radix: 16).map { .int($0) }
      }
    }
    var start = 0
    if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") { start = 1 }
    guard start < bytes.count,
      bytes[start...].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    else { return nil }
    if let int = Int(text) { return .int(int) }
    return Double(text).map { .double($0) }
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
      UInt8(ascii: "A")...UInt8(ascii: "F"):
      true
    default: false
    }
  }

  /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, `[-+]?.inf`, `.nan`.
  static func resolveFloat(_ text: String) -> YAMLCoreValue? {
    switch text {
    case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .double(.infinity)
    case "-.inf", "-.Inf", "-.INF": return .double(-.infinity)
    case ".nan", ".NaN", ".NAN": return .double(.nan)
    default: break
    }
    let bytes = Array(text.utf8)
    var i = 0
    func digits() -> Int {
      let start = i
      while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
      return i - start
    }
    if i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
    let integerDigits = digits()
    var fractionDigits = 0
    if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
      i += 1
      fractionDigits = digits()
    } else if integerDigits == 0 {
      return nil
    }
    guard integerDigits > 0 || fractionDigits > 0 else { return nil }
    if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
      i += 1
      if i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
      guard digits() > 0 else { return nil }
    }
    guard i == bytes.count else { return nil }
    return Double(text).map { .double($0) }
  }
}
