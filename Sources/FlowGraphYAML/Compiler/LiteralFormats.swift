/// The string forms that fit `url` and `date` (SPEC §2.5).
enum LiteralFormats {
  /// Whether `text` starts with a URI scheme (`https:`, `mailto:`) followed by
  /// something.
  static func hasScheme(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard let first = bytes.first, isLetter(first) else { return false }
    var index = 1
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: ":") { return index + 1 < bytes.count }
      guard
        isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "+")
          || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
      else { return false }
      index += 1
    }
    return false
  }

  /// Whether `text` is an ISO 8601 calendar date (`2024-02-29`) or date-time
  /// (`2024-02-29T13:45`, with optional seconds, fraction and `Z` or `±hh:mm`).
  static func isISO8601(_ text: String) -> Bool {
    var scanner = Scanner(bytes: Array(text.utf8))
    guard let year = scanner.number(digits: 4), scanner.take(UInt8(ascii: "-")),
      let month = scanner.number(digits: 2), scanner.take(UInt8(ascii: "-")),
      let day = scanner.number(digits: 2),
      (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year)
    else { return false }
    if scanner.atEnd { return true }
    guard scanner.take(UInt8(ascii: "T")) || scanner.take(UInt8(ascii: "t")),
      let hour = scanner.number(digits: 2), hour <= 23, scanner.take(UInt8(ascii: ":")),
      let minute = scanner.number(digits: 2), minute <= 59
    else { return false }
    if scanner.take(UInt8(ascii: ":")) {
      guard let second = scanner.number(digits: 2), second <= 60 else { return false }
      if scanner.take(UInt8(ascii: ".")) || scanner.take(UInt8(ascii: ",")) {
        guard scanner.digits() > 0 else { return false }
      }
    }
    if scanner.atEnd { return true }
    if scanner.take(UInt8(ascii: "Z")) || scanner.take(UInt8(ascii: "z")) { return scanner.atEnd }
    guard scanner.take(UInt8(ascii: "+")) || scanner.take(UInt8(ascii: "-")),
      let offsetHours = scanner.number(digits: 2), offsetHours <= 23
    else { return false }
    _ = scanner.take(UInt8(ascii: ":"))
    guard let offsetMinutes = scanner.number(digits: 2), offsetMinutes <= 59 else { return false }
    return scanner.atEnd
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  private struct Scanner {
    let bytes: [UInt8]
    var index = 0

    var atEnd: Bool { index == bytes.count }

    mutating func take(_ byte: UInt8) -> Bool {
      guard index < bytes.count, bytes[index] == byte else { return false }
      index += 1
      return true
    }

    mutating func number(digits count: Int) -> Int? {
      guard index + count <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[index..<index + count] {
        guard LiteralFormats.isDigit(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      index += count
      return value
    }

    mutating func digits() -> Int {
      let start = index
      while index < bytes.count, LiteralFormats.isDigit(bytes[index]) { index += 1 }
      return index - start
    }
  }
}
