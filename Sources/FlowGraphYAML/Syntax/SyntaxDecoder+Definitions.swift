import FlowGraphCore

extension SyntaxDecoder {
  /// A named type: `Theme: { enum: [light, dark] }`.
  mutating func typeDefinition(_ key: YAMLNode, _ value: YAMLNode) -> TypeDefinitionSyntax {
    let name = definedName(
      key, "type", reserved: NameRules.reservedTypeNames, reason: "it is a built-in type")
    var syntax = TypeDefinitionSyntax(name: name)
    guard value.kind == .mapping else {
      report(
        .invalidValue,
        "type '\(name.text)' must be written as { enum: [case, …] }, not \(value.summary)",
        at: value.range)
      syntax.isIncomplete = true
      return syntax
    }
    var sawEnum = false
    for (entryKey, entryValue) in value.pairs {
      switch self.text(entryKey) {
      case "enum":
        sawEnum = true
        let read = enumCases(entryValue, typeName: name.text)
        syntax.cases = read.cases
        if !read.complete { syntax.isIncomplete = true }
      case "description": syntax.description = text(of: entryValue, "'description'")
      default:
        reportUnknownKey(
          entryKey, of: value, allowed: DSLKeys.typeDefinition, in: "type '\(name.text)'")
        syntax.isIncomplete = true
      }
    }
    if !sawEnum && !syntax.isIncomplete {
      report(
        .invalidValue, "type '\(name.text)' needs its cases: { enum: [case, …] }", at: name.range)
      syntax.isIncomplete = true
    }
    if mayMissPairs(key, value) { syntax.isIncomplete = true }
    return syntax
  }

  /// The cases of an enum, and whether every one could be read (a missing
  /// or broken one is reported here).
  private mutating func enumCases(
    _ node: YAMLNode, typeName: String
  ) -> (cases: [SyntaxName], complete: Bool) {
    guard let items = items(of: node, "the cases of type '\(typeName)'") else { return ([], false) }
    if items.isEmpty {
      report(.invalidValue, "type '\(typeName)' needs at least one case", at: node.range)
    }
    var cases: [SyntaxName] = []
    var complete = !items.isEmpty
    var seen: [String: SourceRange] = [:]
    for item in items {
      guard item.kind == .scalar else {
        report(
          .invalidValue, "an enum case must be a name, not \(item.summary)", at: item.range)
        complete = false
        continue
      }
      let name = definedName(item, "enum case")
      if let first = seen[name.text] {
        report(
          .invalidValue, "case '\(name.text)' of type '\(typeName)' is listed twice",
          at: item.range, notes: [Diagnostic.Note("first listed here", at: first)])
        continue
      }
      seen[name.text] = item.range
      cases.append(name)
    }
    return (cases, complete)
  }

  /// A task: `login: { input: {…}, outcomes: {…} }`.
  mutating func task(_ key: YAMLNode, _ value: YAMLNode) -> TaskSyntax {
    let name = definedName(key, "task")
    var syntax = TaskSyntax(name: name)
    guard let entries = pairs(of: value, "task '\(name.text)'") else { return syntax }
    for (entryKey, entryValue) in entries {
      switch self.text(entryKey) {
      case "description": syntax.description = text(of: entryValue, "'description'")
      case "input": syntax.input = parameters(entryValue, "the input of task '\(name.text)'")
      case "outcomes":
        syntax.outcomes = payloads(
          entryValue, "outcome", of: "the outcomes of task '\(name.text)'")
      default:
        reportUnknownKey(entryKey, of: value, allowed: DSLKeys.task, in: "task '\(name.text)'")
        if entryValue.kind == .mapping { syntax.isIncomplete = true }
      }
    }
    if mayMissPairs(key, value) { syntax.isIncomplete = true }
    if syntax.outcomes.isEmpty && !syntax.isIncomplete {
      report(
        .invalidValue,
        "task '\(name.text)' declares no outcomes; a task returns one of its 'outcomes' (such as done: {})",
        at: name.range)
    }
    return syntax
  }

  /// A map of named payloads: a flow's `results` or a task's `outcomes`.
  mutating func payloads(
    _ node: YAMLNode, _ what: String, of place: @autoclosure () -> String
  ) -> [PayloadSyntax] {
    guard let entries = pairs(of: node, place()) else { return [] }
    var list: [PayloadSyntax] = []
    list.reserveCapacity(entries.count)
    for (key, value) in entries {
      let isResult = what == "result"
      let name = definedName(
        key, what, reserved: isResult ? [NameRules.dismissed] : [],
        reason: "it is the built-in result of every flow (back, dismiss, or finish: dismissed)")
      if isResult && name.text == NameRules.dismissed { continue }
      list.append(
        PayloadSyntax(
          name: name, payload: parameters(value, "the payload of \(what) '\(name.text)'"))
      )
    }
    return list
  }

  /// A map of `name: type` fields.
  mutating func parameters(_ node: YAMLNode, _ place: @autoclosure () -> String)
    -> [ParameterSyntax]
  {
    guard let entries = pairs(of: node, place()) else { return [] }
    var list: [ParameterSyntax] = []
    list.reserveCapacity(entries.count)
    for (key, value) in entries {
      let name = definedName(key, "param")
      if value.kind == .mapping {
        list.append(field(name, value))
        continue
      }
      list.append(
        ParameterSyntax(
          name: name, type: typeExpression(value), typeText: self.text(value) ?? "",
          typeRange: range(value)))
    }
    return list
  }

  /// The map form of a field: `name: { type: T, default: LITERAL }` (SPEC §6.3).
  private mutating func field(_ name: SyntaxName, _ node: YAMLNode) -> ParameterSyntax {
    var typeNode: YAMLNode?
    var syntax = ParameterSyntax(name: name, type: nil, typeText: "", typeRange: range(node))
    var sawUnknown = false
    for (key, value) in node.pairs {
      switch self.text(key) {
      case "type": typeNode = value
      case "default":
        syntax.hasDefault = true
        syntax.defaultRange = range(value)
        syntax.defaultValue = literal(value, "the default of '\(name.text)'")
      default:
        // A misspelled key may be the default: the field is never missing.
        sawUnknown = true
        syntax.hasDefault = true
        reportUnknownKey(key, of: node, allowed: DSLKeys.field, in: "field '\(name.text)'")
      }
    }
    guard let typeNode else {
      if !sawUnknown {
        report(
          .invalidValue,
          "field '\(name.text)' written as a map needs its 'type': { type: T, default: value }",
          at: node.range)
      }
      // Unknown type: treated like a malformed one (nothing reports it missing).
      return syntax
    }
    syntax.type = typeExpression(typeNode)
    syntax.typeText = self.text(typeNode) ?? ""
    syntax.typeRange = range(typeNode)
    return syntax
  }

  /// A type expression value; reports `invalid-value` when malformed.
  private mutating func typeExpression(_ node: YAMLNode) -> TypeExpression? {
    guard let text = self.text(node), !node.isNull else {
      report(
        .invalidValue,
        "expected a type (string, int, double, bool, url, date, list<T>, T? or a name from 'types'), not \(node.summary)",
        at: node.range)
      return nil
    }
    guard let type = TypeExpression.parse(text) else {
      let opens = text.count { $0 == "<" }
      let closes = text.count { $0 == ">" }
      let closed = text + String(repeating: ">", count: max(0, opens - closes))
      if opens > closes, TypeExpression.parse(closed) != nil {
        let missing = opens - closes == 1 ? "a '>'" : "\(opens - closes) '>'"
        report(
          .invalidValue,
          "'\(text)' is not a type expression: it is missing \(missing); write '\(closed)'",
          at: node.range, fixes: [Diagnostic.Fix(replacing: node.range, with: closed)])
        return nil
      }
      report(
        .invalidValue,
        "'\(text)' is not a type expression; types are string, int, double, bool, url, date, list<T>, T? and the names in 'types'",
        at: node.range)
      return nil
    }
    return type
  }
}
