/// An integer written as text that `int` (Swift's `Int`, 64 bits) cannot
/// hold. The one typing rule of values (``Value/typed(as:isCase:)``) types
/// values, not text, so it cannot tell such a literal from the number or
/// string it was read as; this is the rule's word on it, shared by the
/// compiler (a literal in a flow file) and the runtime's text arguments
/// (`--events`, `--input`, `--outcome`), so that both say the same thing.
///
/// Used on error paths only: a literal that fits its type never gets here.
package enum IntegerLiteral {
  /// `out of range for int (-9223372036854775808…9223372036854775807)`.
  package static let outOfRangeForInt = "out of range for int (\(Int.min)…\(Int.max))"

  /// Whether `text` is an integer that `Int` cannot hold: decimal
  /// (`[-+]?[0-9]+`) and, when `radixPrefixes` (a flow file: the YAML 1.2
  /// core schema's ints), octal `0o[0-7]+` and hexadecimal `0x[0-9a-fA-F]+`.
  package static func isOutOfRange(_ text: String, radixPrefixes: Bool) -> Bool {
    let bytes = Array(text.utf8)
    if radixPrefixes, bytes.count > 2, bytes[0] == UInt8(ascii: "0") {
      let digits = text.dropFirst(2)
      switch bytes[1] {
      case UInt8(ascii: "o"):
        return digits.allSatisfy { ("0"..."7").contains($0) } && Int(digits, radix: 8) == nil
      case UInt8(ascii: "x"):
        return digits.allSatisfy { $0.isASCII && $0.isHexDigit } && Int(digits, radix: 16) == nil
      default: break
      }
    }
    var digits = bytes[...]
    if digits.first == UInt8(ascii: "-") || digits.first == UInt8(ascii: "+") {
      digits = digits.dropFirst()
    }
    guard !digits.isEmpty,
      digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    else { return false }
    return Int(text) == nil
  }

  /// `integer literal 9223372036854775808 is out of range for int
  /// (-9223372036854775808…9223372036854775807)`.
  package static func outOfRange(_ text: String) -> String {
    "integer literal \(text) is \(outOfRangeForInt)"
  }
}
