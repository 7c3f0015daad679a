/// Writes JSON deterministically: two-space indentation, members in the order
/// given, arrays of scalars and small flat objects on one line, `/` not
/// escaped, non-ASCII text as is.
enum JSONWriter {
  /// The widest object written on one line.
  static let inlineWidth = 100

  /// The text of `value`, ending with a newline.
  static func write(_ value: JSONValue) -> String {
    var output = ""
    write(value, indent: 0, into: &output)
    output += "\n"
    return output
  }

  private static func write(_ value: JSONValue, indent: Int, into output: inout String) {
    switch value {
    case .null: output += "null"
    case .bool(let flag): output += flag ? "true" : "false"
    case .number(let text): output += text
    case .string(let text): writeString(text, into: &output)
    case .array(let elements):
      if elements.isEmpty {
        output += "[]"
      } else if elements.allSatisfy(\.isScalar) {
        output += "["
        for (index, element) in elements.enumerated() {
          if index > 0 { output += ", " }
          write(element, indent: indent, into: &output)
        }
        output += "]"
      } else {
        output += "[\n"
        for (index, element) in elements.enumerated() {
          output += String(repeating: "  ", count: indent + 1)
          write(element, indent: indent + 1, into: &output)
          output += index + 1 < elements.count ? ",\n" : "\n"
        }
        output += String(repeating: "  ", count: indent) + "]"
      }
    case .object(let members):
      if members.isEmpty {
        output += "{}"
        return
      }
      if let inline = inlineObject(members) {
        output += inline
        return
      }
      output += "{\n"
      for (index, member) in members.enumerated() {
        output += String(repeating: "  ", count: indent + 1)
        writeString(member.key, into: &output)
        output += ": "
        write(member.value, indent: indent + 1, into: &output)
        output += index + 1 < members.count ? ",\n" : "\n"
      }
      output += String(repeating: "  ", count: indent) + "}"
    }
  }

  /// The object on one line, when its members are scalars or arrays of
  /// scalars and it fits in ``inlineWidth``.
  private static func inlineObject(_ members: [JSONMember]) -> String? {
    for member in members {
      switch member.value {
      case .object: return nil
      case .array(let elements) where !elements.allSatisfy(\.isScalar): return nil
      default: continue
      }
    }
    var text = "{"
    for (index, member) in members.enumerated() {
      if index > 0 { text += ", " }
      writeString(member.key, into: &text)
      text += ": "
      write(member.value, indent: 0, into: &text)
      if text.unicodeScalars.count > inlineWidth { return nil }
    }
    return text + "}"
  }

  /// Writes a JSON string literal with the escapes RFC 8259 requires.
  static func writeString(_ text: String, into output: inout String) {
    output += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{08}": output += "\\b"
      case "\u{0C}": output += "\\f"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}"
          || scalar == "\u{2029}"
        {
          output += "\\u" + hex4(scalar.value)
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    output += "\""
  }

  private static func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: false)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
