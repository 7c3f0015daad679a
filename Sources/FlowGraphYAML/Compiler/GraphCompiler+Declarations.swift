import FlowGraphCore

/// The flows to compile: the accepted ones first (ids `0..<accepted`, in load
/// order), then the second definitions of duplicate names, which are compiled
/// for their own findings and then dropped.
struct DeclaredFlows {
  var all: [(syntax: FlowSyntax, id: FlowID)] = []
  var accepted = 0
  var acceptedScreens = 0
}

extension GraphCompiler {
  /// Declares the named types of every file (`duplicate-name` across files).
  mutating func declareTypes() {
    for document in documents where document.isDecoded {
      for type in document.types {
        if let first = typeIDs[type.name.text] {
          reportDuplicate("type", type.name, first: types[first.index].range)
          continue
        }
        typeIDs[type.name.text] = TypeID(types.count)
        typeIsIncomplete.append(type.isIncomplete)
        types.append(
          TypeDefinition(
            name: type.name.text, cases: type.cases.map(\.text), range: type.name.range))
      }
    }
  }

  /// Declares the tasks of every file with their resolved input and outcomes.
  mutating func declareTasks() {
    for document in documents where document.isDecoded {
      for task in document.tasks {
        let input = resolveFields(task.input)
        let outcomes = task.outcomes.map { resolvePayload($0) }
        if let first = taskIDs[task.name.text] {
          reportDuplicate("task", task.name, first: taskRanges[first.index])
          continue
        }
        taskIDs[task.name.text] = TaskID(tasks.count)
        taskRanges.append(task.name.range)
        tasks.append(
          TaskSignature(
            name: task.name.text, input: input, outcomes: outcomes,
            outcomeIndex: Self.index(outcomes.map(\.name)), isIncomplete: task.isIncomplete))
      }
    }
  }

  /// Declares the flows of every file, their input, results and screens.
  mutating func declareFlows() -> DeclaredFlows {
    var declared = DeclaredFlows()
    var duplicates: [FlowSyntax] = []
    var firstRanges: [SourceRange] = []
    for document in documents where document.isDecoded {
      for flow in document.flows {
        if let first = flowIDs[flow.name.text] {
          reportDuplicate("flow", flow.name, first: firstRanges[first.index])
          duplicates.append(flow)
          continue
        }
        flowIDs[flow.name.text] = FlowID(firstRanges.count)
        firstRanges.append(flow.name.range)
        declared.all.append((flow, FlowID(declared.all.count)))
      }
    }
    declared.accepted = declared.all.count
    for flow in duplicates {
      declared.all.append((flow, FlowID(declared.all.count)))
    }
    for (index, entry) in declared.all.enumerated() {
      if index == declared.accepted { declared.acceptedScreens = screenParams.count }
      flows.append(declareFlow(entry.syntax))
    }
    if declared.accepted == declared.all.count { declared.acceptedScreens = screenParams.count }
    return declared
  }

  private mutating func declareFlow(_ flow: FlowSyntax) -> FlowSignature {
    let input = resolveFields(flow.input)
    let results = flow.results.map { resolvePayload($0) }
    let firstScreen = screenParams.count
    var screenIDs: [String: ScreenID] = [:]
    screenIDs.reserveCapacity(flow.screens.count)
    // By index: reading the fields in place copies no ScreenSyntax.
    for index in flow.screens.indices {
      let id = ScreenID(screenParams.count)
      let name = flow.screens[index].name.text
      screenParams.append(resolveFields(flow.screens[index].params))
      screenNames.append(name)
      screenIsIncomplete.append(flow.screens[index].mayMissParams)
      if screenIDs[name] == nil { screenIDs[name] = id }
    }
    return FlowSignature(
      name: flow.name.text, input: input, results: results,
      resultIndex: Self.index(results.map(\.name)), screenIDs: screenIDs,
      firstScreen: firstScreen, isIncomplete: flow.mayBeIncomplete)
  }

  private mutating func reportDuplicate(_ what: String, _ name: SyntaxName, first: SourceRange?) {
    report(
      .duplicateName, "\(what) '\(name.text)' is already defined", at: name.range,
      notes: [Diagnostic.Note("'\(name.text)' is first defined here", at: first)])
  }

  static func index(_ names: [String]) -> [String: Int] {
    var index: [String: Int] = [:]
    index.reserveCapacity(names.count)
    for (position, name) in names.enumerated() where index[name] == nil {
      index[name] = position
    }
    return index
  }

  // MARK: Types

  /// Resolves a list of `name: type` fields.
  mutating func resolveFields(_ params: [ParameterSyntax]) -> [Field] {
    guard !params.isEmpty else { return [] }
    var fields: [Field] = []
    fields.reserveCapacity(params.count)
    for param in params {
      guard let expression = param.type else {
        // A malformed type (already reported): treat the field as optional so
        // that nothing reports it missing.
        fields.append(
          Field(
            name: param.name.text, type: nil, isOptional: true, typeText: param.typeText,
            range: param.name.range))
        continue
      }
      fields.append(
        Field(
          name: param.name.text, type: resolveType(expression, at: param.typeRange),
          isOptional: expression.isOptional, typeText: param.typeText, range: param.name.range))
    }
    return fields
  }

  private mutating func resolvePayload(_ payload: PayloadSyntax) -> NamedPayload {
    NamedPayload(
      name: payload.name.text, fields: resolveFields(payload.payload), range: payload.name.range)
  }

  /// Resolves a type expression; reports an undefined type name once.
  mutating func resolveType(_ expression: TypeExpression, at range: SourceRange) -> ValueType? {
    switch expression {
    case .string: return .string
    case .int: return .int
    case .double: return .double
    case .bool: return .bool
    case .url: return .url
    case .date: return .date
    case .list(let element): return resolveType(element, at: range).map(ValueType.list)
    case .optional(let wrapped): return resolveType(wrapped, at: range).map(ValueType.optional)
    case .named(let name):
      if let id = typeIDs[name] { return .named(id) }
      if !namesMayBeMissing {
        reportUndefined(
          "undefined type '\(name)'", SyntaxName(text: name, range: range),
          candidates: DSLKeys.builtinTypes + types.map(\.name))
      }
      return nil
    }
  }
}
