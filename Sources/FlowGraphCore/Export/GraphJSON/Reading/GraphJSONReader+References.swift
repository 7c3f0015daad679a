extension GraphJSONReader {
  // MARK: Names

  func flowID(_ name: String, _ path: String) throws(GraphJSONError) -> FlowID {
    guard let id = flowIDs[name] else {
      throw GraphJSONError(
        "undefined flow '\(name)'" + NameSuggestion.hint(for: name, in: flowIDs.keys.sorted()),
        path: path)
    }
    return id
  }

  func taskID(_ name: String, _ path: String) throws(GraphJSONError) -> TaskID {
    guard let id = taskIDs[name] else {
      throw GraphJSONError(
        "undefined task '\(name)'" + NameSuggestion.hint(for: name, in: taskIDs.keys.sorted()),
        path: path)
    }
    return id
  }

  func screenID(_ name: String, in flow: FlowID, _ path: String) throws(GraphJSONError)
    -> ScreenID
  {
    let names = screenIDs[flow.index]
    guard let id = names[name] else {
      throw GraphJSONError(
        "undefined screen '\(name)' in flow '\(flows[flow.index].name)'"
          + NameSuggestion.hint(for: name, in: names.keys.sorted()), path: path)
    }
    return id
  }

  func result(_ name: String, of flow: FlowID, _ path: String) throws(GraphJSONError)
    -> FlowResultRef
  {
    if name == "dismissed" { return .dismissed }
    let results = flows[flow.index].results
    guard let index = results.firstIndex(where: { $0.name == name }) else {
      throw GraphJSONError(
        "undefined result '\(name)' of flow '\(flows[flow.index].name)'"
          + NameSuggestion.hint(for: name, in: results.map(\.name) + ["dismissed"]), path: path)
    }
    return .declared(index)
  }

  /// The index of the field named `name` in `list`.
  func field(_ name: String, in list: some IndexedList<Parameter>, _ what: String, _ path: String)
    throws(GraphJSONError) -> Int
  {
    guard let index = list.firstIndex(where: { $0.name == name }) else {
      let known =
        list.isEmpty ? " (there are none)" : NameSuggestion.hint(for: name, in: list.map(\.name))
      throw GraphJSONError("undefined \(what) '\(name)'" + known, path: path)
    }
    return index
  }

  /// A member that the document types require for this kind; only a
  /// document built in code can lack it.
  func member(_ value: String?, _ path: String) throws(GraphJSONError) -> String {
    guard let value else { throw GraphJSONError("missing value", path: path) }
    return value
  }

  // MARK: Parameters and types

  /// A list of fields (`params`, `input`, `payload`) at `path`; absent means empty.
  func parameters(_ fields: [FieldJSON]?, _ path: String) throws(GraphJSONError) -> [Parameter] {
    var list: [Parameter] = []
    for (index, field) in (fields ?? []).enumerated() {
      let fieldPath = path + "[\(index)]"
      guard !list.contains(where: { $0.name == field.name }) else {
        throw GraphJSONError("two fields are named '\(field.name)'", path: fieldPath)
      }
      let type = try valueType(field.type, fieldPath + ".type")
      var defaultValue: Value?
      if let json = field.default {
        // The default must have the field's type, as the compiler checked it.
        let types = FlowGraph(flows: [], screens: [], types: self.types, entry: nil)
        guard let value = types.coerce(Self.value(json), to: type) else {
          throw GraphJSONError(
            "the default \(types.describeValue(Self.value(json))) does not fit the field's type \(field.type)",
            path: fieldPath + ".default")
        }
        defaultValue = value
      }
      list.append(
        Parameter(
          name: field.name, type: type, span: try span(field.at, fieldPath + ".at"),
          defaultValue: defaultValue))
    }
    return list
  }

  /// The deepest nesting of `list<…>` and `?` read in a type expression.
  static let maxTypeDepth = 32

  /// A type expression as written in the DSL: `int`, `list<string>`, `Theme?`.
  func valueType(_ text: String, _ path: String, depth: Int = 0) throws(GraphJSONError)
    -> ValueType
  {
    guard depth <= Self.maxTypeDepth else {
      throw GraphJSONError("the type is nested deeper than \(Self.maxTypeDepth) levels", path: path)
    }
    if text.hasSuffix("?") {
      let wrapped = try valueType(String(text.dropLast()), path, depth: depth + 1)
      guard !wrapped.isOptional else {
        throw GraphJSONError("'\(text)': an optional of an optional is not a type", path: path)
      }
      return .optional(wrapped)
    }
    if text.hasPrefix("list<") && text.hasSuffix(">") {
      return .list(try valueType(String(text.dropFirst(5).dropLast()), path, depth: depth + 1))
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
        throw GraphJSONError(
          "undefined type '\(text)'" + NameSuggestion.hint(for: text, in: candidates.sorted()),
          path: path)
      }
      return .named(id)
    }
  }

  // MARK: Source ranges

  /// The file at an index of the file table.
  func file(_ index: Int, _ path: String) throws(GraphJSONError) -> String {
    guard files.indices.contains(index) else {
      throw GraphJSONError(
        "file index \(index) is out of range: the file table has \(files.count) entries",
        path: path)
    }
    return files[index]
  }

  /// An optional range member at `path`, kept whole in the graph's source
  /// map (its positions need not match any file).
  func span(_ range: RangeJSON?, _ path: String) throws(GraphJSONError) -> SourceSpan? {
    try self.range(range, path).map { sources.map.span(for: $0) }
  }

  /// An optional range member at `path`, its file resolved in the file table.
  func range(_ range: RangeJSON?, _ path: String) throws(GraphJSONError) -> SourceRange? {
    guard let range else { return nil }
    return SourceRange(file: try file(range.file, path + "[0]"), start: range.start, end: range.end)
  }
}
