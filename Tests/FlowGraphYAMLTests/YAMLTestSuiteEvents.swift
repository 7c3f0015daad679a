@testable import FlowGraphYAML

/// Prints libyaml events in the yaml-test-suite's `test.event` format, and
/// reads what the DSL makes of an expected event stream.
enum YAMLTestSuiteEvents {
  static func line(_ event: YAMLEvent) -> String {
    func properties(_ anchor: String?, _ tag: String?) -> String {
      (anchor.map { " &\($0)" } ?? "") + (tag.map { " <\($0)>" } ?? "")
    }
    switch event {
    case .streamStart: return "+STR"
    case .streamEnd: return "-STR"
    case .documentStart(let implicit): return implicit ? "+DOC" : "+DOC ---"
    case .documentEnd(let implicit): return implicit ? "-DOC" : "-DOC ..."
    case .mappingStart(let anchor, let tag, let flow):
      return "+MAP" + (flow ? " {}" : "") + properties(anchor, tag)
    case .mappingEnd: return "-MAP"
    case .sequenceStart(let anchor, let tag, let flow):
      return "+SEQ" + (flow ? " []" : "") + properties(anchor, tag)
    case .sequenceEnd: return "-SEQ"
    case .alias(let anchor): return "=ALI *\(anchor)"
    case .scalar(let value, let anchor, let tag, let style):
      let indicator: String
      switch style {
      case .plain: indicator = ":"
      case .singleQuoted: indicator = "'"
      case .doubleQuoted: indicator = "\""
      case .literal: indicator = "|"
      case .folded: indicator = ">"
      }
      return "=VAL" + properties(anchor, tag) + " " + indicator + escape(value)
    }
  }

  static func escape(_ value: String) -> String {
    var result = ""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case "\0": result += "\\0"
      case "\u{8}": result += "\\b"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  static func unescape(_ text: Substring) -> String {
    var result = ""
    var escaping = false
    for character in text {
      if escaping {
        switch character {
        case "n": result += "\n"
        case "t": result += "\t"
        case "r": result += "\r"
        case "b": result += "\u{8}"
        case "0": result += "\0"
        default: result.append(character)
        }
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        result.append(character)
      }
    }
    return result
  }

  /// What the flowgraph parser must refuse in a valid YAML stream, judged
  /// from its expected events: the rule it reports, or `nil` when it must
  /// accept the stream.
  static func expectedRefusal(_ lines: [String]) -> String? {
    let documents = lines.filter { $0.hasPrefix("+DOC") }.count
    if documents != 1 { return "yaml-syntax" }
    let allowedTags: Set<String> = [
      "!", "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float",
      "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null", "tag:yaml.org,2002:seq",
      "tag:yaml.org,2002:map",
    ]
    struct Open {
      var isMapping: Bool
      var count = 0
      var keys: Set<String> = []
    }
    var stack: [Open] = []
    var anchorKinds: [String: (isScalar: Bool, text: String)] = [:]
    var refusal: String?
    var duplicate = false
    for line in lines {
      let words = line.split(separator: " ", maxSplits: 1)
      let head = words[0]
      let rest = words.count > 1 ? words[1] : ""
      // Properties: &anchor and <tag>, before the value.
      var anchor: String?
      var tag: String?
      var remainder = rest
      while let first = remainder.first,
        first == "&" || first == "<" || first == "{" || first == "["
      {
        let end =
          first == "<"
          ? remainder.firstIndex(of: ">").map { remainder.index(after: $0) }
          : remainder.firstIndex(of: " ")
        let token = remainder[..<(end ?? remainder.endIndex)]
        if first == "&" { anchor = String(token.dropFirst()) }
        if first == "<" { tag = String(token.dropFirst().dropLast()) }
        remainder = remainder[(end ?? remainder.endIndex)...].drop { $0 == " " }
      }
      if let tag, !allowedTags.contains(tag) { refusal = "yaml-syntax" }
      let isKey = stack.last.map { $0.isMapping && $0.count % 2 == 0 } ?? false
      switch head {
      case "+MAP", "+SEQ":
        if isKey { refusal = "yaml-syntax" }
        if let anchor { anchorKinds[anchor] = (false, "") }
        if !stack.isEmpty { stack[stack.count - 1].count += 1 }
        stack.append(Open(isMapping: head == "+MAP"))
      case "-MAP", "-SEQ":
        stack.removeLast()
      case "=VAL", "=ALI":
        var text = ""
        var isScalar = true
        if head == "=VAL" {
          text = unescape(remainder.dropFirst())
          if let anchor { anchorKinds[anchor] = (true, text) }
        } else {
          let target = anchorKinds[String(rest.dropFirst())]
          isScalar = target?.isScalar ?? true
          text = target?.text ?? ""
        }
        if isKey {
          if !isScalar { refusal = "yaml-syntax" }
          if stack[stack.count - 1].keys.contains(text) { duplicate = true }
          stack[stack.count - 1].keys.insert(text)
        }
        if !stack.isEmpty { stack[stack.count - 1].count += 1 }
      default:
        break
      }
    }
    return refusal ?? (duplicate ? "duplicate-key" : nil)
  }
}
