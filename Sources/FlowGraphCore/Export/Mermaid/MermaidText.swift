/// Escaping for Mermaid flowchart labels.
enum MermaidText {
  /// A double-quoted Mermaid label: characters that Mermaid or HTML would read
  /// as syntax written as Mermaid entity codes (`#quot;`, `#lt;`…), line
  /// breaks as `<br/>`.
  static func quoted(_ text: String) -> String {
    "\"" + escaped(text) + "\""
  }

  /// The text of a label, escaped but not quoted (to combine with markup).
  static func escaped(_ text: String) -> String {
    var output = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "#quot;"
      case "#": output += "#35;"
      case "&": output += "#amp;"
      case "<": output += "#lt;"
      case ">": output += "#gt;"
      case "|": output += "#124;"
      case "`": output += "#96;"
      case ";": output += "#59;"
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

  /// A comment line's text: no line breaks.
  static func comment(_ text: String) -> String {
    String(text.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : Character($0) })
  }
}
