/// Turns flow-file names (letters, digits, `_`, `-`) into Swift identifiers:
/// `image-picker` becomes `imagePicker` (a member) or `ImagePicker` (a type);
/// a name that starts with a digit gets a leading `_`; a Swift keyword (and
/// `_`, the name of `_` or `-`) is escaped with backticks where it is
/// declared or used.
enum SwiftName {
  /// A member name (a case, a parameter, a method): lowerCamelCase.
  static func member(_ name: String) -> String {
    guard let first = words(name).first else { return "_" }
    let rest = words(name).dropFirst().map(capitalized)
    return leadingDigitGuard(lowercasedFirst(first) + rest.joined())
  }

  /// A type name: UpperCamelCase.
  static func type(_ name: String) -> String {
    let joined = words(name).map(capitalized).joined()
    return joined.isEmpty ? "_" : leadingDigitGuard(joined)
  }

  /// `name` as written in code: with backticks when it is a keyword.
  static func escaped(_ identifier: String) -> String {
    keywords.contains(identifier) ? "`\(identifier)`" : identifier
  }

  /// `name` as an argument label in a call: any keyword but `inout`, `var`
  /// and `let` is a label as it is (backticks there draw a warning); `_`
  /// there would mean no label.
  static func label(_ identifier: String) -> String {
    ["inout", "var", "let", "_"].contains(identifier) ? "`\(identifier)`" : identifier
  }

  /// The parts of a name between `-` (an `_` is kept: `snake_case` stays as it is).
  private static func words(_ name: String) -> [Substring] {
    name.split(separator: "-", omittingEmptySubsequences: true)
  }

  private static func capitalized(_ word: Substring) -> String {
    guard let first = word.first else { return "" }
    return first.uppercased() + word.dropFirst()
  }

  /// The word with its leading capitals lowercased as the Swift API Design
  /// Guidelines lowercase an acronym: as a whole (`EUR` → `eur`, `HTTP2` →
  /// `http2`), except a last capital that begins the next word (`URLPicker`
  /// → `urlPicker`); `Home` → `home`.
  private static func lowercasedFirst(_ word: Substring) -> String {
    let capitals = word.prefix { $0.isUppercase }
    guard capitals.count > 1 else {
      guard let first = word.first else { return "" }
      return first.lowercased() + word.dropFirst()
    }
    let rest = word[capitals.endIndex...]
    guard rest.first?.isLowercase == true else { return capitals.lowercased() + rest }
    // The last capital begins the next word.
    return capitals.dropLast().lowercased() + capitals.suffix(1) + rest
  }

  private static func leadingDigitGuard(_ identifier: String) -> String {
    identifier.first?.isNumber == true ? "_" + identifier : identifier
  }

  /// Swift's keywords, and the names that need backticks as a declaration or
  /// a member (`self`, `Type`, `init`, and `_`, which alone is the wildcard).
  static let keywords: Set<String> = [
    "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension",
    "fileprivate", "func", "import", "init", "inout", "internal", "let", "nonisolated", "open",
    "operator", "package", "private", "precedencegroup", "protocol", "public", "rethrows",
    "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
    "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
    "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil",
    "self", "Self", "super", "throws", "true", "try", "Type", "Protocol", "some", "any", "_",
  ]
}
