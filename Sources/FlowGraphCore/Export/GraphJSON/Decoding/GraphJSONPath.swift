/// A place in the document as text: `flows[0].screens[2].actions[1]`; empty
/// for the document itself.
enum GraphJSONPath {
  /// The path of a coding path: member names joined by dots, array indices
  /// in brackets.
  static func text(_ codingPath: [any CodingKey]) -> String {
    var text = ""
    for key in codingPath {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text = member(text, key.stringValue)
      }
    }
    return text
  }

  /// The path of member `key` of the object at `path`.
  static func member(_ path: String, _ key: String) -> String {
    path.isEmpty ? key : "\(path).\(key)"
  }
}
