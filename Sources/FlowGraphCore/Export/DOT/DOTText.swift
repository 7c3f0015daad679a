/// Escaping for the DOT language.
enum DOTText {
  /// A double-quoted DOT string (IDs, tooltips): `\` and `"` escaped, line
  /// breaks as `\n`.
  static func quoted(_ text: String) -> String {
    var output = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": output += "\\\\"
      case "\"": output += "\\\""
      case "\n": output += "\\n"
      case "\r": continue
      default:
        if scalar.value < 0x20 {
          output += " "
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    return output + "\""
  }

  /// Text inside an HTML-like label: markup characters as entities, line
  /// breaks as `<br/>`, other control characters as spaces.
  static func html(_ text: String) -> String {
    var output = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"": output += "&quot;"
      case "\n": output += "<br/>"
      case "\r": continue
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          output += " "
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    return output
  }
}
