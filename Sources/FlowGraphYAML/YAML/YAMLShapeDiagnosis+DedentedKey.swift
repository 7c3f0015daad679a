/// A key indented too little, to the indentation of a mapping that holds the
/// keys above it: libyaml takes it as a key of that mapping and stops on the
/// line after it, so the slip is named at the key, not where libyaml stopped.
extension YAMLShapeDiagnosis {
  /// The key before line index `problem` when it is that slip: its value is
  /// on its line (so the next line cannot belong to it), it is indented less
  /// than the line before it, and the next line is a key indented as a key
  /// of the mappings it closed. `deeplink: /cards/{id}` at 6 spaces between
  /// `params:` and `actions:` at 8 is the slip; `actions` is not.
  func dedentedKey(before problem: Int) -> Finding? {
    guard let keyIndex = previousContentLine(before: problem),
      let above = previousContentLine(before: keyIndex),
      let key = keyLine(lines[keyIndex]), Self.isScalar(key.value),
      keyLine(lines[problem]) != nil
    else { return nil }
    let indent = lines[keyIndex].indent
    let target = lines[problem].indent
    guard lines[above].indent > indent, target > indent, isOpenKey(indentedBy: target, at: above)
    else { return nil }
    let more = target - indent
    return Finding(
      message:
        "this key is indented \(Self.spaces(indent)); the keys above and below it use \(target)",
      start: key.start, end: key.start + key.name.utf8.count,
      replacement: String(repeating: " ", count: more) + key.name,
      help: "indent '\(key.name)' \(Self.spaces(more)) more, to \(target)")
  }

  /// Whether a key indented by `target` holds line index `index` (or is
  /// that line): the first line from it back that is indented `target` or
  /// less is a key indented `target`.
  private func isOpenKey(indentedBy target: Int, at index: Int) -> Bool {
    var index = index
    while lines[index].indent > target {
      guard let previous = previousContentLine(before: index) else { return false }
      index = previous
    }
    return lines[index].indent == target && keyLine(lines[index]) != nil
  }

  /// Whether `value`, written after a key's `: `, is a scalar that ends on
  /// its line: not empty, not a collection, a block scalar's header, an
  /// anchor, an alias or a tag.
  static func isScalar(_ value: String) -> Bool {
    guard let first = value.utf8.first else { return false }
    return !"{[|>&*!".utf8.contains(first)
  }
}
