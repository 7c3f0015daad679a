/// Reads a JSON string literal (`"…"` with JSON's escapes) from Unicode
/// scalars: the one decoder of JSON escapes shared by the runtime's list
/// values (``JSONItem``) and the CLI's `--events` syntax.
package enum JSONStringLiteral {
  /// Why a literal could not be read, and where (an index into the scalars).
  package struct Failure: Error, Equatable {
    package enum Reason: Error, Equatable {
      /// The closing quote is missing.
      case unterminated
      /// A backslash followed by this scalar, which starts no JSON escape.
      case unknownEscape(Unicode.Scalar)
      /// `\u` without four hex digits.
      case badHexDigits
      /// A `\u` escape of half a surrogate pair, alone.
      case loneSurrogate
      /// A control character (below U+0020) written as it is.
      case controlCharacter
    }

    package let reason: Reason
    /// For ``Reason/unterminated``, the opening quote; else where the
    /// offending escape or character starts.
    package let index: Int
  }

  /// The text of the literal whose opening quote is at `index`, unescaped;
  /// `index` is left after the closing quote. With `allowsControlCharacters`,
  /// a raw control character is kept as it is (JSON requires it escaped).
  package static func read(
    _ scalars: [Unicode.Scalar], at index: inout Int, allowsControlCharacters: Bool = false
  ) -> Result<String, Failure> {
    let open = index
    var position = index + 1
    var text = String.UnicodeScalarView()
    while position < scalars.count {
      let scalar = scalars[position]
      switch scalar {
      case "\"":
        index = position + 1
        return .success(String(text))
      case "\\":
        let escapeStart = position
        guard position + 1 < scalars.count else { break }
        let escape = scalars[position + 1]
        position += 2
        switch escape {
        case "\"": text.append("\"")
        case "\\": text.append("\\")
        case "/": text.append("/")
        case "b": text.append("\u{08}")
        case "f": text.append("\u{0C}")
        case "n": text.append("\n")
        case "r": text.append("\r")
        case "t": text.append("\t")
        case "u":
          switch unicodeEscape(scalars, at: &position) {
          case .success(let decoded): text.append(decoded)
          case .failure(let reason): return .failure(Failure(reason: reason, index: escapeStart))
          }
        default:
          return .failure(Failure(reason: .unknownEscape(escape), index: escapeStart))
        }
        continue
      default:
        guard allowsControlCharacters || scalar.value >= 0x20 else {
          return .failure(Failure(reason: .controlCharacter, index: position))
        }
        text.append(scalar)
      }
      position += 1
    }
    return .failure(Failure(reason: .unterminated, index: open))
  }

  /// The scalar of the four hex digits at `position` (after `\u`), with the
  /// second half of a surrogate pair when the first needs one.
  private static func unicodeEscape(_ scalars: [Unicode.Scalar], at position: inout Int)
    -> Result<Unicode.Scalar, Failure.Reason>
  {
    guard let first = hex(scalars, at: &position) else { return .failure(.badHexDigits) }
    if (0xD800...0xDBFF).contains(first) {
      guard position + 1 < scalars.count, scalars[position] == "\\", scalars[position + 1] == "u"
      else { return .failure(.loneSurrogate) }
      position += 2
      guard let second = hex(scalars, at: &position) else { return .failure(.badHexDigits) }
      guard (0xDC00...0xDFFF).contains(second) else { return .failure(.loneSurrogate) }
      return .success(Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!)
    }
    guard let scalar = Unicode.Scalar(first) else { return .failure(.loneSurrogate) }
    return .success(scalar)
  }

  private static func hex(_ scalars: [Unicode.Scalar], at position: inout Int) -> UInt32? {
    guard position + 4 <= scalars.count else { return nil }
    var value: UInt32 = 0
    for scalar in scalars[position..<position + 4] {
      guard let digit = hexDigit(scalar) else { return nil }
      value = value << 4 | digit
    }
    position += 4
    return value
  }

  private static func hexDigit(_ scalar: Unicode.Scalar) -> UInt32? {
    switch scalar {
    case "0"..."9": scalar.value - 0x30
    case "a"..."f": scalar.value - 0x61 + 10
    case "A"..."F": scalar.value - 0x41 + 10
    default: nil
    }
  }
}
