import FlowGraphCore

/// Compiles decoded flow files (the root file first, then its imports) into
/// one typed ``FlowGraph``: resolves every name to a dense id, binds and
/// type-checks every argument, and reports the structural and type rules of
/// SPEC §3 that need names (`duplicate-name`, `missing-entry`,
/// `undefined-reference`, `missing-argument`, `unknown-argument`,
/// `type-mismatch`, `invalid-deeplink`, `unhandled-result`, `unhandled-outcome`).
///
/// One mistake gives one finding: a transition that does not resolve becomes
/// ``Transition/Kind/invalid`` and nothing else is said about it; a field of
/// unknown type is not type-checked; a flow that fails to compile is still in
/// the graph so that references to it resolve.
struct GraphCompiler {
  /// The decoded files; the first is the root. Their flows' screens are
  /// decoded as ``compile()`` reaches each flow.
  private(set) var documents: [DocumentSyntax]
  /// Whether some file's names are unknown (it could not be read, parsed or
  /// decoded): references that could be to it are then not reported.
  let namesMayBeMissing: Bool

  var diagnostics: [Diagnostic] = []

  // Declarations.
  var typeIDs: [String: TypeID] = [:]
  var types: [TypeDefinition] = []
  var taskIDs: [String: TaskID] = [:]
  var tasks: [TaskSignature] = []
  /// Each task's name key, by ``TaskID``.
  var taskRanges: [SyntaxRange] = []
  var flowIDs: [String: FlowID] = [:]
  var flows: [FlowSignature] = []
  /// Each screen's resolved params, by ``ScreenID``.
  var screenParams: [[Field]] = []
  /// The screens' names, by ``ScreenID``.
  var screenNames: [String] = []
  /// Whether a misspelled key may hold some of a screen's params, by ``ScreenID``.
  var screenIsIncomplete: [Bool] = []
  /// Whether something names the screen, by ``ScreenID``: a transition
  /// (`push`, `present`, `replace`, `root`, `pop: S`, `popTo`, in an action,
  /// a custom back, an outcome or a handler, a tab's or a tabs screen's
  /// too, whether or not it compiled) or its flow's start.
  var screenIsNamed: [Bool] = []
  /// By name entry: the `stamp` of the last flow with a screen of that name
  /// (``declareScreens(_:of:stamp:)``).
  var screenNameStamps: [Int32] = []
  /// Whether a misspelled key may hold a named type's cases, by ``TypeID``.
  var typeIsIncomplete: [Bool] = []
  /// Each screen's name entry (``SyntaxName/entry``), by ``ScreenID``.
  var screenEntries: [Int32] = []
  /// The accepted flows by name entry (-1: none), for the entries the table
  /// had when the flows were declared.
  var flowByEntry: [Int32] = []
  /// The tasks by name entry (-1: none), likewise.
  var taskByEntry: [Int32] = []
  /// The screens of the flow being compiled (``activeScreens``) by name
  /// entry (-1: none).
  var screenByEntry: [Int32] = []
  /// The screens that ``screenByEntry`` holds (`nil`: none, or a screen
  /// name without an entry, when lookups compare text).
  var activeScreens: Range<Int>?
  /// Undefined screen references whose suggestion is a screen of the flow:
  /// when nothing else names that screen, its name is the likely typo
  /// (see ``reviseSuggestionsOfUnnamedScreens(in:)``).
  var screenSuggestions: [(reference: SyntaxName, screen: Int)] = []
  /// Every undefined screen reference reported: the screen's name, the
  /// flow it was looked up in, and the verb that named it (`nil`: the
  /// flow's start); ``noteScreensOfOtherFlows(in:)`` says where a screen of
  /// that name is.
  var undefinedScreens: [(name: SyntaxName, flow: String, verb: TransitionSyntax.ScreenVerb?)] =
    []
  /// The flows that a `start` or a tab naming no flow was probably meant to
  /// name (its "did you mean"): the validator does not judge from the entry
  /// what they would have reached (``Validator/flowsMeantByDanglingStarts``).
  var flowsMeantByDanglingStarts: [FlowID] = []
  /// Undefined flow names with no "did you mean", from a `start` or a tab:
  /// ``noteScreensNamedAsFlows(in:)`` says when one is a screen's name.
  var undefinedFlowNames: [(name: SyntaxName, inFlow: String)] = []
  /// What each `unhandled-result` finding left unhandled, for the notes
  /// that ``FlowGraphLoader/validated(_:)`` adds.
  var unhandledResults: [UnhandledResults] = []
  /// By tabs screen (its name key's span): the tabs that are declared but
  /// not in its ``TabBar``, because their flow does not resolve or their
  /// value did not decode (reported once). A `select` of one is not judged
  /// (``checkSelectTargets(in:)``): the tab exists as written.
  var tabsLeftOut: [SourceSpan: [String]] = [:]
  /// Deep-link shapes already used, each with the first screen of its shape.
  var deeplinkShapes = DeeplinkShapes<(screen: String, flow: String, range: SyntaxRange)>()

  /// How many more candidates "did you mean" may examine in this compile: a
  /// file with thousands of errors among thousands of names must not turn
  /// quadratic. Small name sets (up to 512) are always searched.
  private var suggestionBudget = 400_000

  /// The load's name table, for the actions decoded while compiling. The
  /// names of `documents` must come from it: the compiler finds screens,
  /// flows and tasks by their entries.
  let names: NameTable
  /// The graph's source map, and the spans of the syntax's ranges.
  let spans: SpanMaker

  /// Creates a compiler for documents decoded with `names`.
  init(documents: [DocumentSyntax], namesMayBeMissing: Bool, names: NameTable) {
    self.documents = documents
    spans = SpanMaker(documents: documents)
    self.namesMayBeMissing = namesMayBeMissing
    self.names = names
  }

  // MARK: Reporting

  mutating func report(
    _ rule: RuleID, _ message: String, at range: SourceRange?, notes: [Diagnostic.Note] = [],
    fixes: [Diagnostic.Fix] = []
  ) {
    diagnostics.append(Diagnostic(rule, message, at: range, notes: notes, fixes: fixes))
  }

  mutating func report(
    _ rule: RuleID, _ message: String, at range: SyntaxRange, notes: [Diagnostic.Note] = [],
    fixes: [Diagnostic.Fix] = []
  ) {
    report(rule, message, at: sourceRange(range), notes: notes, fixes: fixes)
  }

  /// The line and column of a range of the syntax, for a finding.
  func sourceRange(_ range: SyntaxRange) -> SourceRange {
    let document = documents[Int(range.file)]
    return SyntaxFile(path: document.file, lines: document.lines).sourceRange(range)
  }

  /// The line and column of a range of the syntax, if any.
  func sourceRange(_ range: SyntaxRange?) -> SourceRange? {
    range.map { sourceRange($0) }
  }

  /// The closest candidate to `name`, within the budget for large sets.
  mutating func suggestion<C: Collection>(for name: String, among candidates: C) -> String?
  where C.Element == String {
    if candidates.count > 512 {
      guard suggestionBudget >= candidates.count else { return nil }
      suggestionBudget -= candidates.count
    }
    return NameSuggestion.best(for: name, among: candidates)
  }

  /// Reports `undefined-reference` for `name`, with "did you mean" among
  /// `candidates`; returns the suggestion, if any.
  @discardableResult
  mutating func reportUndefined<C: Collection>(
    _ message: String, _ name: SyntaxName, candidates: C
  ) -> String? where C.Element == String {
    reportUndefined(message, name.text, at: sourceRange(name.range), candidates: candidates)
  }

  /// Reports `undefined-reference` for `text` at `range`, with "did you
  /// mean" among `candidates`; returns the suggestion, if any.
  @discardableResult
  mutating func reportUndefined<C: Collection>(
    _ message: String, _ text: String, at range: SourceRange, candidates: C
  ) -> String? where C.Element == String {
    if let suggestion = suggestion(for: text, among: candidates) {
      report(
        .undefinedReference, "\(message); did you mean '\(suggestion)'?", at: range,
        notes: [Diagnostic.Note("did you mean '\(suggestion)'?")],
        fixes: [Diagnostic.Fix(replacing: range, with: suggestion)])
      return suggestion
    } else {
      report(.undefinedReference, message, at: range)
      return nil
    }
  }

  /// A type as written in messages (`list<int>`, `Theme?`).
  func describe(_ type: ValueType) -> String {
    switch type {
    case .string: return "string"
    case .int: return "int"
    case .double: return "double"
    case .bool: return "bool"
    case .url: return "url"
    case .date: return "date"
    case .list(let element): return "list<\(describe(element))>"
    case .optional(let wrapped): return "\(describe(wrapped))?"
    case .named(let id): return types[id.index].name
    }
  }

  // MARK: Compiling

  /// Compiles every file into one graph.
  mutating func compile() -> FlowGraph {
    sizeEntryTables()
    declareTypes()
    declareTasks()
    var declaredFlows = declareFlows()
    var compiledFlows: [Flow] = []
    var compiledScreens = GraphTableWriter()
    compiledFlows.reserveCapacity(declaredFlows.accepted)
    compiledScreens.reserveCapacity(
      screens: declaredFlows.acceptedScreens, actions: declaredFlows.acceptedScreens * 5)
    // Second definitions of duplicate names are compiled for their own
    // findings into a scratch list, then dropped.
    var discardedScreens = GraphTableWriter()
    var arena = ArenaReleaser()
    // The `suppress` lists of each flow's screens, by its place in `declaredFlows`.
    var screenSuppressions: [[Suppression]] = Array(
      repeating: [], count: declaredFlows.all.count)
    for index in declaredFlows.all.indices {
      // The flow's screens are decoded only now, and each is freed once
      // compiled; the flow's part of the file's arena is given back after
      // it: the syntax of a large file and its compiled model are never both
      // whole in memory, nor is the syntax of all its screens.
      let declared = declaredFlows.all[index]
      var screenDecoder = decoder(for: declared.syntax.name.range)
      let screens = screenDecoder.screens(of: declared.syntax)
      diagnostics += screenDecoder.diagnostics
      declareScreens(screens, of: declared.id, stamp: Int32(index + 1))
      screenSuppressions[index] = suppressions(of: screens, file: declared.syntax.name.range.file)
      if declared.id.index < declaredFlows.accepted {
        compiledFlows.append(
          compileFlow(
            declared.syntax, screens: consume screens, id: declared.id, into: &compiledScreens))
      } else {
        _ = compileFlow(
          declared.syntax, screens: consume screens, id: declared.id, into: &discardedScreens)
      }
      arena.compiled(declaredFlows.all[index].syntax.arenaRelease)
      declaredFlows.all[index].syntax.arenaRelease = nil
    }
    let suppressions = suppressions(
      screenSuppressions: screenSuppressions, places: declaredFlows.places)
    let entry = resolveEntry(flowCount: declaredFlows.accepted)
    let graph = FlowGraph(
      flows: compiledFlows, tables: compiledScreens.finish(), tasks: compiledTasks(),
      types: types, entry: entry, suppressions: suppressions, sources: spans.sources)
    reviseSuggestionsOfUnnamedScreens(in: graph)
    noteScreensOfOtherFlows(in: graph)
    noteScreensNamedAsFlows(in: graph)
    checkSelectTargets(in: graph)
    return graph
  }

  /// The root file's `entry`, or its only flow.
  private mutating func resolveEntry(flowCount: Int) -> FlowID? {
    guard let root = documents.first, root.isDecoded else { return nil }
    if let entry = root.entry {
      if let id = flowID(named: entry) { return id }
      if !namesMayBeMissing {
        reportUndefined(
          "undefined entry flow '\(entry.text)'", entry,
          candidates: flows.prefix(flowCount).map(\.name))
      }
      return nil
    }
    if flowCount == 1 { return FlowID(0) }
    guard !namesMayBeMissing, !root.hasUnknownKeys else { return nil }
    if flowCount == 0 {
      report(
        .missingEntry, "no flow is defined: add one under 'flows' (a file needs at least one flow)",
        at: root.flowsKey ?? root.firstKey)
    } else {
      let names = flows.prefix(flowCount).map { "'\($0.name)'" }.prefix(8).joined(separator: ", ")
      report(
        .missingEntry,
        "\(flowCount) flows and no 'entry': name the flow to start first, such as 'entry: \(flows[0].name)'",
        at: root.flowsKey ?? root.firstKey,
        notes: [Diagnostic.Note("the flows are \(names)\(flowCount > 8 ? ", …" : "")")])
    }
    return nil
  }

  private func compiledTasks() -> [TaskDefinition] {
    var list: [TaskDefinition] = []
    list.reserveCapacity(tasks.count)
    for (index, task) in tasks.enumerated() {
      list.append(
        TaskDefinition(
          name: task.name, input: task.input.map { $0.parameter(spans) },
          outcomes: task.outcomes.map { outcome in
            OutcomeDefinition(
              name: outcome.name, payload: outcome.fields.map { $0.parameter(spans) },
              span: spans(outcome.range))
          },
          span: spans(taskRanges[index])))
    }
    return list
  }

  /// The `suppress` lists of `screens`, of document `file`.
  private func suppressions(of screens: [ScreenSyntax], file: UInt32) -> [Suppression] {
    var list: [Suppression] = []
    for index in screens.indices where !screens[index].suppress.isEmpty {
      list.append(
        Suppression(
          file: documents[Int(file)].file, range: sourceRange(screens[index].extent),
          rules: Set(screens[index].suppress)))
    }
    return list
  }

  /// Every `suppress` list, in file order: each file's own, then each flow's
  /// followed by its screens' (`screenSuppressions`, by the place in the
  /// declared flows that `places` gives each).
  private func suppressions(
    screenSuppressions: [[Suppression]], places: [(document: Int, flow: Int)]
  ) -> [Suppression] {
    var declaredIndex: [Int: Int] = [:]
    for (index, place) in places.enumerated() where !screenSuppressions[index].isEmpty {
      declaredIndex[place.document << 32 | place.flow] = index
    }
    var list: [Suppression] = []
    for (documentIndex, document) in documents.enumerated() where document.isDecoded {
      if !document.suppress.isEmpty {
        list.append(Suppression(file: document.file, range: nil, rules: Set(document.suppress)))
      }
      for (flowIndex, flow) in document.flows.enumerated() {
        if !flow.suppress.isEmpty {
          list.append(
            Suppression(
              file: document.file, range: sourceRange(flow.extent), rules: Set(flow.suppress)))
        }
        if let index = declaredIndex[documentIndex << 32 | flowIndex] {
          list += screenSuppressions[index]
        }
      }
    }
    return list
  }
}
