import FlowGraphCore

/// The flows to compile: the accepted ones first (ids `0..<accepted`, in load
/// order), then the second definitions of duplicate names, which are compiled
/// for their own findings and then dropped.
struct DeclaredFlows {
  var all: [(syntax: FlowSyntax, id: FlowID)] = []
  /// Where each of `all` is: its document, and its place among the
  /// document's flows.
  var places: [(document: Int, flow: Int)] = []
  var accepted = 0
  /// How many screens the accepted flows have, about (the keys of their
  /// `screens` maps, and the screens dedented to their keys): room to reserve.
  var acceptedScreens = 0
}

extension GraphCompiler {
  /// Declares the named types of every file (`duplicate-name` across files).
  mutating func declareTypes() {
    for document in documents where document.isDecoded {
      for type in document.types {
        if let first = typeIDs[type.name.text] {
          reportDuplicate("type", type.name, first: spans.sources.range(types[first.index].span))
          continue
        }
        typeIDs[type.name.text] = TypeID(types.count)
        typeIsIncomplete.append(type.isIncomplete)
        types.append(
          TypeDefinition(
            name: type.name.text, cases: type.cases.map(\.text), span: spans(type.name.range)))
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
          reportDuplicate("task", task.name, first: sourceRange(taskRanges[first.index]))
          continue
        }
        if task.name.entry >= 0 { taskByEntry[Int(task.name.entry)] = Int32(tasks.count) }
        taskIDs[task.name.text] = TaskID(tasks.count)
        taskRanges.append(task.name.range)
        tasks.append(
          TaskSignature(
            name: task.name.text, input: input, outcomes: outcomes,
            isIncomplete: task.isIncomplete))
      }
    }
  }

  /// Declares the flows of every file, their input and results (their
  /// screens are declared as each flow is compiled, ``declareScreens(_:of:)``).
  mutating func declareFlows() -> DeclaredFlows {
    var declared = DeclaredFlows()
    var duplicates: [(syntax: FlowSyntax, place: (document: Int, flow: Int))] = []
    var firstRanges: [SyntaxRange] = []
    for (documentIndex, document) in documents.enumerated() where document.isDecoded {
      for (flowIndex, flow) in document.flows.enumerated() {
        if let first = flowIDs[flow.name.text] {
          reportDuplicate("flow", flow.name, first: sourceRange(firstRanges[first.index]))
          duplicates.append((flow, (documentIndex, flowIndex)))
          continue
        }
        if flow.name.entry >= 0 { flowByEntry[Int(flow.name.entry)] = Int32(firstRanges.count) }
        flowIDs[flow.name.text] = FlowID(firstRanges.count)
        firstRanges.append(flow.name.range)
        declared.all.append((flow, FlowID(declared.all.count)))
        declared.places.append((documentIndex, flowIndex))
        declared.acceptedScreens +=
          (flow.screensValue.map { $0.pairs.count } ?? 0) + flow.dedentedScreens.count
      }
    }
    declared.accepted = declared.all.count
    for (flow, place) in duplicates {
      declared.all.append((flow, FlowID(declared.all.count)))
      declared.places.append(place)
    }
    for entry in declared.all {
      flows.append(
        FlowSignature(
          name: entry.syntax.name.text, input: resolveFields(entry.syntax.input),
          results: entry.syntax.results.map { resolvePayload($0) },
          isIncomplete: entry.syntax.mayBeIncomplete))
    }
    return declared
  }

  /// Declares the screens of flow `id` (the next ids), decoded when the
  /// compiler reaches it: their resolved params, names and entries, and the
  /// flow's screen ids. `stamp` is the flow's own (distinct from every
  /// other's): ``screenNameStamps`` counts the distinct screen names without
  /// hashing them.
  mutating func declareScreens(_ screens: [ScreenSyntax], of id: FlowID, stamp: Int32) {
    let firstScreen = screenParams.count
    var distinct = 0
    var unstamped = false
    if screenNameStamps.count < names.count {
      screenNameStamps.append(
        contentsOf: repeatElement(0, count: names.count - screenNameStamps.count))
    }
    // By index: reading the fields in place copies no ScreenSyntax.
    for index in screens.indices {
      let name = screens[index].name
      screenParams.append(resolveFields(screens[index].params))
      screenNames.append(name.text)
      screenEntries.append(name.entry)
      screenIsIncomplete.append(screens[index].mayMissParams)
      screenIsNamed.append(false)
      if name.entry >= 0, Int(name.entry) < screenNameStamps.count {
        if screenNameStamps[Int(name.entry)] != stamp {
          screenNameStamps[Int(name.entry)] = stamp
          distinct += 1
        }
      } else {
        unstamped = true
      }
    }
    if unstamped { distinct = Set(screenNames[firstScreen...]).count }
    flows[id.index].firstScreen = firstScreen
    flows[id.index].screenCount = screens.count
    flows[id.index].distinctScreenNames = distinct
  }

  private mutating func reportDuplicate(_ what: String, _ name: SyntaxName, first: SourceRange?) {
    report(
      .duplicateName, "\(what) '\(name.text)' is already defined", at: name.range,
      notes: [Diagnostic.Note("'\(name.text)' is first defined here", at: first)])
  }

  // MARK: Types

  /// Resolves a list of `name: type` fields. The empty list, which most
  /// actions have, is answered inline, with no call.
  @inline(__always)
  mutating func resolveFields(_ params: [ParameterSyntax]) -> [Field] {
    params.isEmpty ? [] : resolveNonEmptyFields(params)
  }

  private mutating func resolveNonEmptyFields(_ params: [ParameterSyntax]) -> [Field] {
    var fields: [Field] = []
    fields.reserveCapacity(params.count)
    for param in params {
      guard let expression = param.type else {
        // A malformed type (already reported): treat the field as optional so
        // that nothing reports it missing.
        fields.append(
          Field(
            name: param.name.text, type: nil, isOptional: true, typeText: param.typeText,
            range: param.name.range, hasDefault: param.hasDefault))
        continue
      }
      var field = Field(
        name: param.name.text, type: resolveType(expression, at: param.typeRange),
        isOptional: expression.isOptional, typeText: param.typeText, range: param.name.range,
        hasDefault: param.hasDefault)
      if let literal = param.defaultValue, let range = param.defaultRange {
        field.defaultValue = defaultValue(literal, of: field, at: range)
      }
      fields.append(field)
    }
    return fields
  }

  /// A field's default as a value of its type; reports `type-mismatch` at the
  /// default when it does not fit (SPEC §6.3).
  private mutating func defaultValue(
    _ literal: LiteralSyntax, of field: Field, at range: SyntaxRange
  ) -> Value? {
    guard let type = field.type else { return nil }
    guard let value = literalValue(literal, as: type) else {
      let declared = Diagnostic.Note(
        "'\(field.name)' is declared here", at: sourceRange(field.range))
      if let overflow = integerOverflow(literal, as: type) {
        report(
          .typeMismatch, "the default of '\(field.name)': \(overflow)", at: range, notes: [declared]
        )
        return nil
      }
      let mismatch = literalMismatch(literal, as: type)
      report(
        .typeMismatch,
        "the default of '\(field.name)' is \(mismatch.subject), but '\(field.name)' is \(describe(type))\(mismatch.detail)",
        at: range, notes: mismatch.notes + [declared],
        fixes: literalFix(mismatch.suggestion, as: type, at: range))
      return nil
    }
    return value
  }

  private mutating func resolvePayload(_ payload: PayloadSyntax) -> NamedPayload {
    NamedPayload(
      name: payload.name.text, fields: resolveFields(payload.payload), range: payload.name.range,
      entry: payload.name.entry)
  }

  /// Resolves a type expression; reports an undefined type name once.
  mutating func resolveType(_ expression: TypeExpression, at range: SyntaxRange) -> ValueType? {
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
