/// Text checks for the string-like types: `url` (a scheme) and `date`
/// (ISO 8601 date or date-time).
package enum ValueText {
  /// Whether `text` starts with a URL scheme (`https:`, `mailto:`) followed by
  /// something.
  package static func isURL(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard let first = bytes.first, isLetter(first) else { return false }
    var index = 1
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: ":") { return index + 1 < bytes.count }
      guard
        isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
          || byte == UInt8(ascii: ".")
      else { return false }
      index += 1
    }
    return false
  }

  /// Whether `text` is an ISO 8601 calendar date (`2024-05-01`) or date-time
  /// (`2024-05-01T12:30`, `…:45`, `…:45.5`, with `Z` or `±HH:MM`).
  package static func isDate(_ text: String) -> Bool {
    var reader = Reader(Array(text.utf8))
    guard let year = reader.digits(4), year >= 0, reader.take("-"),
      let month = reader.digits(2), (1...12).contains(month), reader.take("-"),
      let day = reader.digits(2), (1...daysIn(month: month, year: year)).contains(day)
    else { return false }
    if reader.atEnd { return true }
    guard reader.take("T") || reader.take("t"),
      let hour = reader.digits(2), (0...23).contains(hour), reader.take(":"),
      let minute = reader.digits(2), (0...59).contains(minute)
    else { return false }
    if reader.take(":") {
      guard let second = reader.digits(2), (0...60).contains(second) else { return false }
      if reader.take(".") || reader.take(",") {
        guard reader.someDigits() else { return false }
      }
    }
    if reader.atEnd { return true }
    if reader.take("Z") || reader.take("z") { return reader.atEnd }
    guard reader.take("+") || reader.take("-"),
      let offsetHours = reader.digits(2), (0...23).contains(offsetHours)
    else { return false }
    _ = reader.take(":")
    guard let offsetMinutes = reader.digits(2), (0...59).contains(offsetMinutes) else {
      return false
    }
    return reader.atEnd
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private struct Reader {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }

    mutating func take(_ character: Unicode.Scalar) -> Bool {
      guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
      index += 1
      return true
    }

    mutating func digits(_ count: Int) -> Int? {
      guard index + count <= bytes.count else { return nil }
      var value = 0
      for offset in 0..<count {
        let byte = bytes[index + offset]
        guard ValueText.isDigit(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      index += count
      return value
    }

    mutating func someDigits() -> Bool {
      let start = index
      while index < bytes.count, ValueText.isDigit(bytes[index]) { index += 1 }
      return index > start
    }
  }
}
