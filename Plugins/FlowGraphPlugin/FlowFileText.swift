/// What the plugin reads from a flow file's text without a YAML parser (a
/// build-tool plugin cannot link the front end): its top-level keys and the
/// paths of its `imports`. Only the forms a flow file uses are read: a
/// block mapping at the top level, and `imports` as a one-line flow
/// sequence (`imports: [a.yaml, "b.yaml"]`) or a block sequence (`- a.yaml`
/// lines below it). A form it does not read makes a file look like it
/// imports nothing, so that the plugin builds it on its own, as before.
enum FlowFileText {
  /// Whether `text` has the top-level key `key`: an unindented `key:` line
  /// (the key may be quoted), or `key` in a one-line flow mapping.
  static func hasTopLevelKey(_ key: String, in text: String) -> Bool {
    text.split(whereSeparator: \.isNewline).contains { line in
      let line = line.hasPrefix("\u{FEFF}") ? line.dropFirst() : line[...]
      return topLevelKey(of: line) == key || (line.hasPrefix("{") && line.contains(key))
    }
  }

  /// The paths that `text`'s top-level `imports` lists, as written.
  static func imports(in text: String) -> [String] {
    let lines = text.split(whereSeparator: \.isNewline).map {
      $0.hasPrefix("\u{FEFF}") ? $0.dropFirst() : $0[...]
    }
    guard let index = lines.firstIndex(where: { topLevelKey(of: $0) == "imports" }),
      let colon = lines[index].firstIndex(of: ":")
    else { return [] }
    let rest = withoutComment(lines[index][lines[index].index(after: colon)...])
    if rest.hasPrefix("[") {
      guard rest.hasSuffix("]") else { return [] }
      return rest.dropFirst().dropLast().split(separator: ",").compactMap { scalar($0) }
    }
    guard rest.isEmpty else { return [] }
    var paths: [String] = []
    for line in lines[(index + 1)...] {
      let item = withoutComment(line[...])
      if item.isEmpty { continue }
      // The next top-level key ends the list.
      guard line.first == " " || line.first == "-" else { break }
      guard item.hasPrefix("- ") || item == "-" else { break }
      if let path = scalar(item.dropFirst()) { paths.append(path) }
    }
    return paths
  }

  /// The key of an unindented `key:` line, unquoted; `nil` for any other line.
  private static func topLevelKey(of line: Substring) -> String? {
    guard let first = line.first, first != " ", first != "\t", first != "#", first != "-",
      let colon = line.firstIndex(of: ":")
    else { return nil }
    let after = line.index(after: colon)
    guard after == line.endIndex || line[after] == " " || line[after] == "\t" else { return nil }
    return scalar(line[..<colon])
  }

  /// A plain or quoted scalar's text (`nil` when empty).
  private static func scalar(_ text: Substring) -> String? {
    var value = text.trimmingSpaces
    if value.count >= 2, let quote = value.first, quote == "\"" || quote == "'",
      value.last == quote
    {
      value = value.dropFirst().dropLast()
    }
    return value.isEmpty ? nil : String(value)
  }

  /// `text` without a trailing `# comment` (a `#` after a space, or at the
  /// start), trimmed.
  private static func withoutComment(_ text: Substring) -> Substring {
    var previous: Character = " "
    for index in text.indices {
      if text[index] == "#" && (previous == " " || previous == "\t") {
        return text[..<index].trimmingSpaces
      }
      previous = text[index]
    }
    return text.trimmingSpaces
  }
}

extension Substring {
  /// Without leading and trailing spaces and tabs.
  fileprivate var trimmingSpaces: Substring {
    var value = self
    while let first = value.first, first == " " || first == "\t" { value = value.dropFirst() }
    while let last = value.last, last == " " || last == "\t" { value = value.dropLast() }
    return value
  }
}
