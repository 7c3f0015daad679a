extension GraphJSONReader {
  // MARK: Names

  func flowID(_ name: String, _ node: JSONNode, _ path: String) throws(GraphJSONError) -> FlowID {
    guard let id = flowIDs[name] else {
      throw JSONAccess.error(
        "undefined flow '\(name)'" + NameSuggestion.hint(for: name, in: flowIDs.keys.sorted()),
        node, path)
    }
    return id
  }

  func taskID(_ name: String, _ node: JSONNode, _ path: String) throws(GraphJSONError) -> TaskID {
    guard let id = taskIDs[name] else {
      throw JSONAccess.error(
        "undefined task '\(name)'" + NameSuggestion.hint(for: name, in: taskIDs.keys.sorted()),
        node, path)
    }
    return id
  }

  func screenID(_ name: String, in flow: FlowID, _ node: JSONNode, _ path: String)
    throws(GraphJSONError)
    -> ScreenID
  {
    let names = screenIDs[flow.index]
    guard let id = names[name] else {
      throw JSONAccess.error(
        "undefined screen '\(name)' in flow '\(flows[flow.index].name)'"
          + NameSuggestion.hint(for: name, in: names.keys.sorted()), node, path)
    }
    return id
  }

  func result(_ name: String, of flow: FlowID, _ node: JSONNode, _ path: String)
    throws(GraphJSONError)
    -> FlowResultRef
  {
    if name == "dismissed" { return .dismissed }
    let results = flows[flow.index].results
    guard let index = results.firstIndex(where: { $0.name == name }) else {
      throw JSONAccess.error(
        "undefined result '\(name)' of flow '\(flows[flow.index].name)'"
          + NameSuggestion.hint(for: name, in: results.map(\.name) + ["dismissed"]), node, path)
    }
    return .declared(index)
  }

  /// The index of the field named `name` in `list`.
  func field(_ name: String, in list: [Parameter], _ what: String, _ node: JSONNode, _ path: String)
    throws(GraphJSONError) -> Int
  {
    guard let index = list.firstIndex(where: { $0.name == name }) else {
      let known =
        list.isEmpty ? " (there are none)" : NameSuggestion.hint(for: name, in: list.map(\.name))
      throw JSONAccess.error("undefined \(what) '\(name)'" + known, node, path)
    }
    return index
  }

  // MARK: Parameters and types

  /// A list of fields (`params`, `input`, `payload`); absent means empty.
  func parameters(_ view: JSONObjectView, _ key: String) throws(GraphJSONError) -> [Parameter] {
    var list: [Parameter] = []
    for (index, node) in try view.array(key).enumerated() {
      let path = view.path(key) + "[\(index)]"
      let field = try JSONObjectView(
        node, path: path, allowed: ["name", "type", "at"], what: "a field")
      let name = try field.string("name")
      guard !list.contains(where: { $0.name == name }) else {
        throw JSONAccess.error("two fields are named '\(name)'", node, path)
      }
      let typeNode = try field.required("type")
      let type = try valueType(
        try JSONAccess.string(typeNode, field.path("type")), typeNode, field.path("type"))
      list.append(Parameter(name: name, type: type, range: try range(field, "at")))
    }
    return list
  }

  /// The deepest nesting of `list<…>` and `?` read in a type expression.
  static let maxTypeDepth = 32

  /// A type expression as written in the DSL: `int`, `list<string>`, `Theme?`.
  func valueType(_ text: String, _ node: JSONNode, _ path: String, depth: Int = 0)
    throws(GraphJSONError) -> ValueType
  {
    guard depth <= Self.maxTypeDepth else {
      throw JSONAccess.error(
        "the type is nested deeper than \(Self.maxTypeDepth) levels", node, path)
    }
    if text.hasSuffix("?") {
      let wrapped = try valueType(String(text.dropLast()), node, path, depth: depth + 1)
      guard !wrapped.isOptional else {
        throw JSONAccess.error("'\(text)': an optional of an optional is not a type", node, path)
      }
      return .optional(wrapped)
    }
    if text.hasPrefix("list<") && text.hasSuffix(">") {
      return .list(
        try valueType(String(text.dropFirst(5).dropLast()), node, path, depth: depth + 1))
    }
    switch text {
    case "string": return .string
    case "int": return .int
    case "double": return .double
    case "bool": return .bool
    case "url": return .url
    case "date": return .date
    default:
      guard GraphNameTable.isWritableTypeName(text), let id = typeIDs[text] else {
        let candidates = Array(GraphNameTable.builtInTypeNames) + typeIDs.keys
        throw JSONAccess.error(
          "undefined type '\(text)'" + NameSuggestion.hint(for: text, in: candidates.sorted()),
          node, path)
      }
      return .named(id)
    }
  }

  // MARK: Source ranges

  /// The file at an index of the file table.
  func file(_ index: Int, _ node: JSONNode, _ path: String) throws(GraphJSONError) -> String {
    guard files.indices.contains(index) else {
      throw JSONAccess.error(
        "file index \(index) is out of range: the file table has \(files.count) entries", node, path
      )
    }
    return files[index]
  }

  /// An optional range member: `[file, line, column, offset, endLine, endColumn, endOffset]`.
  func range(_ view: JSONObjectView, _ key: String) throws(GraphJSONError) -> SourceRange? {
    guard let node = view.optional(key) else { return nil }
    let path = view.path(key)
    let elements = try JSONAccess.array(node, path)
    guard elements.count == 7 else {
      throw JSONAccess.error(
        "a source range is [file, line, column, offset, endLine, endColumn, endOffset]; this one has \(elements.count) numbers",
        node, path)
    }
    var numbers: [Int] = []
    for (index, element) in elements.enumerated() {
      let number = try JSONAccess.int(element, path + "[\(index)]")
      let minimum = index == 3 || index == 6 ? 0 : (index == 0 ? 0 : 1)
      guard number >= minimum else {
        throw JSONAccess.error(
          "\(number) is below \(minimum) in a source range", element, path + "[\(index)]")
      }
      numbers.append(number)
    }
    return SourceRange(
      file: try file(numbers[0], elements[0], path + "[0]"),
      start: SourcePosition(line: numbers[1], column: numbers[2], offset: numbers[3]),
      end: SourcePosition(line: numbers[4], column: numbers[5], offset: numbers[6]))
  }
}
