import FlowGraphCore

/// The Swift names of everything a graph's typed API declares, decided once
/// before any code is written: which screens and actions need qualifying,
/// and whether two names clash.
struct SwiftAPIPlan {
  struct NamedType {
    var definition: TypeDefinition
    var swiftName: String
    /// Each case's Swift name and its raw value (the DSL's spelling).
    var cases: [(name: String, raw: String)]
  }

  struct ScreenCase {
    var id: ScreenID
    var name: String
  }

  /// One case of `Event`: an action name with one param list, on the screens
  /// that declare it so.
  struct EventCase {
    var name: String
    var action: String
    var params: [Parameter]
    var screens: [ScreenID]
  }

  /// One case of `Tab`: a tab name, on the tabs screens that have a tab of
  /// that name, with each one's title.
  struct TabCase {
    var name: String
    /// The DSL name (the raw value: what `tab:NAME` names).
    var dslName: String
    var places: [(screen: ScreenID, title: String?)]
  }

  struct Payload {
    /// The Swift case name.
    var name: String
    /// The DSL name (an outcome or a result).
    var dslName: String
    var fields: [Parameter]
  }

  struct TaskHook {
    var definition: TaskDefinition
    var method: String
    var outcomeType: String
    var outcomes: [Payload]
  }

  struct FlowCase {
    var flow: Flow
    var name: String
    var resultType: String
    /// The declared results, then `dismissed`.
    var results: [Payload]
  }

  var namespace: String
  var types: [NamedType] = []
  var screens: [ScreenCase] = []
  var events: [EventCase] = []
  /// Every tab name of the graph's tabs screens, in first-declared order
  /// (empty for a graph without tabs: no `Tab` type, no `Event.tab`).
  var tabs: [TabCase] = []
  var tasks: [TaskHook] = []
  var flows: [FlowCase] = []

  /// Names every Swift name of `graph`'s API in `namespace`; every clash
  /// found is in the error.
  init(graph: FlowGraph, namespace: String) throws(SwiftGenerationError) {
    self.namespace = namespace
    var log = SwiftNameClashLog(graph: graph)
    var typeNames = TypeNameRegistry()
    for name in SwiftReservedNames.all {
      typeNames.reserve([name], reason: SwiftReservedNames.reason(name) ?? "")
    }
    typeNames.reserve([namespace], reason: "which is the name of the namespace")
    tabs = Self.tabCases(graph, log: &log)
    if !tabs.isEmpty {
      typeNames.reserve(["Tab"], reason: "which the generated enum of tab names declares")
    }
    for definition in graph.types {
      let swiftName = SwiftName.type(definition.name)
      let owner = SwiftNameOwner(kind: "type", name: definition.name, span: definition.span)
      typeNames.claim(swiftName, for: owner, log: &log)
      var caseNames = MemberNameRegistry.caseIterable(swiftName)
      let cases = definition.cases.map { raw in
        let name = SwiftName.member(raw)
        caseNames.claim(name, for: owner.member("case", raw), log: &log)
        return (name: name, raw: raw)
      }
      types.append(NamedType(definition: definition, swiftName: swiftName, cases: cases))
    }
    screens = Self.screenCases(graph, log: &log)
    events = Self.eventCases(graph, screens: screens, log: &log)
    var methods = MemberNameRegistry("method", of: "TaskHooks")
    for task in graph.tasks {
      let owner = SwiftNameOwner(kind: "task", name: task.name, span: task.span)
      let method = SwiftName.member(task.name)
      methods.claim(method, for: owner, log: &log)
      let outcomeType = SwiftName.type(task.name) + "Outcome"
      typeNames.claim(outcomeType, for: owner, log: &log)
      Self.claimLabels(
        task.input, kind: "input", of: owner, in: "the method '\(method)' of TaskHooks", log: &log)
      var caseNames = MemberNameRegistry("case", of: outcomeType)
      let outcomes = Self.payloads(
        task.outcomes.map { ($0.name, $0.payload, $0.span) }, kind: "outcome",
        context: "of task '\(task.name)'", names: &caseNames, log: &log)
      tasks.append(
        TaskHook(definition: task, method: method, outcomeType: outcomeType, outcomes: outcomes))
    }
    var flowNames = MemberNameRegistry("case", of: "Flow")
    for flow in graph.flows {
      let owner = SwiftNameOwner(kind: "flow", name: flow.name, span: flow.span)
      let name = SwiftName.member(flow.name)
      flowNames.claim(name, for: owner, log: &log)
      let resultType = SwiftName.type(flow.name) + "Result"
      typeNames.claim(resultType, for: owner, log: &log)
      Self.claimLabels(
        flow.input, kind: "input", of: owner, in: "the case '\(name)' of Flow", log: &log)
      var caseNames = MemberNameRegistry("case", of: resultType)
      caseNames.reserve("dismissed", for: "(the flow was dismissed)")
      var results = Self.payloads(
        flow.results.map { ($0.name, $0.payload, $0.span) }, kind: "result",
        context: "of flow '\(flow.name)'", names: &caseNames, log: &log)
      results.append(Payload(name: "dismissed", dslName: "dismissed", fields: []))
      flows.append(FlowCase(flow: flow, name: name, resultType: resultType, results: results))
    }
    guard log.clashes.isEmpty else { throw SwiftGenerationError(clashes: log.clashes) }
  }

  /// A case per payload (a task's outcomes, a flow's results), named after
  /// it, with a label per field.
  private static func payloads(
    _ items: [(name: String, fields: [Parameter], span: SourceSpan?)], kind: String,
    context: String, names: inout MemberNameRegistry, log: inout SwiftNameClashLog
  ) -> [Payload] {
    items.map { item in
      let name = SwiftName.member(item.name)
      let owner = SwiftNameOwner(kind: kind, name: item.name, context: context, span: item.span)
      names.claim(name, for: owner, log: &log)
      claimLabels(
        item.fields, kind: "field", of: owner, in: "the case '\(name)' of \(names.type)", log: &log)
      return Payload(name: name, dslName: item.name, fields: item.fields)
    }
  }

  /// A case per screen, named after it; screens whose name several flows use
  /// are qualified with their flow (`onboardingIntro`).
  private static func screenCases(_ graph: FlowGraph, log: inout SwiftNameClashLog) -> [ScreenCase]
  {
    var flowsPerName: [String: Int] = [:]
    for screen in graph.screens { flowsPerName[screen.name, default: 0] += 1 }
    var names = MemberNameRegistry("case", of: "Screen")
    var cases: [ScreenCase] = []
    for (index, screen) in graph.screens.enumerated() {
      let plain = SwiftName.member(screen.name)
      let name =
        flowsPerName[screen.name, default: 0] > 1
        ? SwiftName.member(graph[screen.flow].name) + SwiftName.type(screen.name) : plain
      let owner = SwiftNameOwner(
        kind: "screen", name: screen.name, context: "of flow '\(graph[screen.flow].name)'",
        span: screen.span)
      names.claim(name, for: owner, log: &log)
      claimLabels(
        screen.params, kind: "param", of: owner, in: "the case '\(name)' of Screen", log: &log)
      cases.append(ScreenCase(id: ScreenID(index), name: name))
    }
    return cases
  }

  /// A case per tab name of the graph: one `Tab` for every tab bar, so that
  /// selecting reads `.tab(.profile)` whichever bar is on top.
  private static func tabCases(_ graph: FlowGraph, log: inout SwiftNameClashLog) -> [TabCase] {
    var names = MemberNameRegistry.caseIterable("Tab")
    var cases: [TabCase] = []
    var caseIndex: [String: Int] = [:]
    for (index, screen) in graph.screens.enumerated() {
      for tab in screen.tabBar?.tabs ?? [] {
        let place = (screen: ScreenID(index), title: tab.title)
        if let existing = caseIndex[tab.name] {
          cases[existing].places.append(place)
          continue
        }
        let name = SwiftName.member(tab.name)
        let owner = SwiftNameOwner(
          kind: "tab", name: tab.name, context: "of screen '\(screen.name)'", span: tab.span)
        guard names.claim(name, for: owner, log: &log) else { continue }
        caseIndex[tab.name] = cases.count
        cases.append(TabCase(name: name, dslName: tab.name, places: [place]))
      }
    }
    return cases
  }

  /// A case per action name; when screens declare an action of one name with
  /// different params, each such screen's gets its own case, qualified with
  /// the screen's case name (`postShareButtonPressed`). Only the same action
  /// with the same params shares a case: any other name that a case already
  /// has (a qualified name that is also an action's, `back`…) is a clash.
  private static func eventCases(
    _ graph: FlowGraph, screens: [ScreenCase], log: inout SwiftNameClashLog
  ) -> [EventCase] {
    var signatures: [String: Set<[Parameter]>] = [:]
    for screen in graph.screens {
      for action in screen.actions {
        signatures[action.name, default: []].insert(action.params.map(\.unpositioned))
      }
    }
    var names = MemberNameRegistry("case", of: "Event")
    names.reserve("back", for: "(the system back)")
    names.reserve("dismiss", for: "(the dismiss gesture)")
    if graph.hasTabs { names.reserve("tab", for: "(selecting a tab)") }
    if graph.hasDeepLinks {
      names.reserve("open", for: "(opening a deep link)")
      names.reserve("cancelPendingLink", for: "(dropping the pending deep link)")
    }
    var cases: [EventCase] = []
    var caseIndex: [String: Int] = [:]
    for (index, screen) in graph.screens.enumerated() {
      for action in screen.actions {
        let qualified = signatures[action.name, default: []].count > 1
        let name =
          qualified
          ? screens[index].name + SwiftName.type(action.name) : SwiftName.member(action.name)
        let params = action.params.map(\.unpositioned)
        if let existing = caseIndex[name], cases[existing].action == action.name,
          cases[existing].params.map(\.unpositioned) == params
        {
          cases[existing].screens.append(ScreenID(index))
          continue
        }
        let context =
          "of screen '\(screen.name)'"
          + (qualified ? " (qualified with its screen: its params differ on another screen)" : "")
        let owner = SwiftNameOwner(
          kind: "action", name: action.name, context: context, span: action.span)
        guard names.claim(name, for: owner, log: &log) else { continue }
        claimLabels(
          action.params, kind: "param", of: owner, in: "the case '\(name)' of Event", log: &log)
        caseIndex[name] = cases.count
        cases.append(
          EventCase(
            name: name, action: action.name, params: Array(action.params),
            screens: [ScreenID(index)]))
      }
    }
    return cases
  }
}

extension SwiftNameOwner {
  /// A member of this owner (`case 'newest-first' of type 'sort-order'`).
  func member(_ kind: String, _ name: String) -> SwiftNameOwner {
    SwiftNameOwner(kind: kind, name: name, context: "of \(self.kind) '\(self.name)'", span: span)
  }
}

extension Parameter {
  /// The field without its source range (for comparing signatures).
  var unpositioned: Parameter { Parameter(name: name, type: type) }
}
