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

  /// The type names the generated code declares in every namespace.
  static let fixedTypeNames: Set<String> = [
    "Screen", "Event", "Flow", "FlowResult", "NavigationChange", "Navigator", "TaskHooks",
    "Runner", "Bridge", "Value",
  ]
  /// Type names the generated code uses unqualified, which a `types:` name must not shadow.
  static let usedTypeNames: Set<String> = [
    "String", "Int", "Double", "Bool", "URL", "Optional", "Array", "Hashable", "Sendable",
    "CaseIterable", "Error", "Duration", "Actor", "Void", "Never",
  ]

  init(graph: FlowGraph, namespace: String) throws(SwiftGenerationError) {
    self.namespace = namespace
    var typeNames = TypeNameRegistry()
    typeNames.reserve(Self.fixedTypeNames.union(Self.usedTypeNames).union([namespace]))
    tabs = try Self.tabCases(graph)
    if !tabs.isEmpty { try typeNames.claim("Tab", for: "the generated enum of tab names") }
    for definition in graph.types {
      let swiftName = SwiftName.type(definition.name)
      try typeNames.claim(swiftName, for: "type '\(definition.name)'")
      var caseNames = MemberNameRegistry(owner: "type '\(definition.name)'")
      let cases = try definition.cases.map { raw throws(SwiftGenerationError) in
        (name: try caseNames.claim(SwiftName.member(raw), for: raw), raw: raw)
      }
      types.append(NamedType(definition: definition, swiftName: swiftName, cases: cases))
    }
    screens = try Self.screenCases(graph)
    events = try Self.eventCases(graph, screens: screens)
    var methods = MemberNameRegistry(owner: "the task hooks")
    for task in graph.tasks {
      let method = try methods.claim(SwiftName.member(task.name), for: task.name)
      let outcomeType = SwiftName.type(task.name) + "Outcome"
      try typeNames.claim(outcomeType, for: "task '\(task.name)'")
      var caseNames = MemberNameRegistry(owner: "task '\(task.name)'")
      let outcomes = try task.outcomes.map { outcome throws(SwiftGenerationError) in
        Payload(
          name: try caseNames.claim(SwiftName.member(outcome.name), for: outcome.name),
          dslName: outcome.name, fields: outcome.payload)
      }
      tasks.append(
        TaskHook(definition: task, method: method, outcomeType: outcomeType, outcomes: outcomes))
    }
    var flowNames = MemberNameRegistry(owner: "the flows")
    for flow in graph.flows {
      let name = try flowNames.claim(SwiftName.member(flow.name), for: flow.name)
      let resultType = SwiftName.type(flow.name) + "Result"
      try typeNames.claim(resultType, for: "flow '\(flow.name)'")
      var caseNames = MemberNameRegistry(owner: "flow '\(flow.name)'")
      var results = try flow.results.map { result throws(SwiftGenerationError) in
        Payload(
          name: try caseNames.claim(SwiftName.member(result.name), for: result.name),
          dslName: result.name, fields: result.payload)
      }
      results.append(
        Payload(
          name: try caseNames.claim("dismissed", for: "dismissed"), dslName: "dismissed",
          fields: []))
      flows.append(FlowCase(flow: flow, name: name, resultType: resultType, results: results))
    }
  }

  /// A case per screen, named after it; screens whose name several flows use
  /// are qualified with their flow (`onboardingIntro`).
  private static func screenCases(_ graph: FlowGraph) throws(SwiftGenerationError) -> [ScreenCase] {
    var flowsPerName: [String: Int] = [:]
    for screen in graph.screens { flowsPerName[screen.name, default: 0] += 1 }
    var names = MemberNameRegistry(owner: "the screens")
    var cases: [ScreenCase] = []
    for (index, screen) in graph.screens.enumerated() {
      let plain = SwiftName.member(screen.name)
      let name =
        flowsPerName[screen.name, default: 0] > 1
        ? SwiftName.member(graph[screen.flow].name) + SwiftName.type(screen.name) : plain
      let label = "screen '\(screen.name)' of flow '\(graph[screen.flow].name)'"
      cases.append(ScreenCase(id: ScreenID(index), name: try names.claim(name, for: label)))
    }
    return cases
  }

  /// A case per tab name of the graph: one `Tab` for every tab bar, so that
  /// selecting reads `.tab(.profile)` whichever bar is on top.
  private static func tabCases(_ graph: FlowGraph) throws(SwiftGenerationError) -> [TabCase] {
    var names = MemberNameRegistry(owner: "the tabs")
    var cases: [TabCase] = []
    var caseIndex: [String: Int] = [:]
    for (index, screen) in graph.screens.enumerated() {
      for tab in screen.tabBar?.tabs ?? [] {
        let place = (screen: ScreenID(index), title: tab.title)
        if let existing = caseIndex[tab.name] {
          cases[existing].places.append(place)
          continue
        }
        let name = try names.claim(SwiftName.member(tab.name), for: tab.name)
        caseIndex[tab.name] = cases.count
        cases.append(TabCase(name: name, dslName: tab.name, places: [place]))
      }
    }
    return cases
  }

  /// A case per action name; when screens declare an action of one name with
  /// different params, each such screen's gets its own case, qualified with
  /// the screen's case name (`postShareButtonPressed`).
  private static func eventCases(
    _ graph: FlowGraph, screens: [ScreenCase]
  ) throws(SwiftGenerationError) -> [EventCase] {
    var signatures: [String: Set<[Parameter]>] = [:]
    for screen in graph.screens {
      for action in screen.actions {
        signatures[action.name, default: []].insert(action.params.map(\.unpositioned))
      }
    }
    var names = MemberNameRegistry(owner: "the events")
    try names.reserve("back", for: "the system back")
    try names.reserve("dismiss", for: "the dismiss gesture")
    if graph.hasTabs { try names.reserve("tab", for: "selecting a tab") }
    if graph.hasDeepLinks {
      try names.reserve("open", for: "opening a deep link")
      try names.reserve("cancelPendingLink", for: "dropping the pending deep link")
    }
    var cases: [EventCase] = []
    var caseIndex: [String: Int] = [:]
    for (index, screen) in graph.screens.enumerated() {
      for action in screen.actions {
        let qualified = signatures[action.name, default: []].count > 1
        let name =
          qualified
          ? screens[index].name + SwiftName.type(action.name) : SwiftName.member(action.name)
        if let existing = caseIndex[name] {
          cases[existing].screens.append(ScreenID(index))
          continue
        }
        let label = "action '\(action.name)' of screen '\(screen.name)'"
        caseIndex[try names.claim(name, for: label)] = cases.count
        cases.append(
          EventCase(
            name: name, action: action.name, params: Array(action.params),
            screens: [ScreenID(index)]))
      }
    }
    return cases
  }
}

extension Parameter {
  /// The field without its source range (for comparing signatures).
  var unpositioned: Parameter { Parameter(name: name, type: type) }
}

/// Why a graph has no typed Swift API: two names become one Swift name.
package struct SwiftGenerationError: Error, Equatable, CustomStringConvertible {
  /// What clashes, and how to fix it.
  package var message: String
  package var description: String { message }

  /// Creates an error.
  package init(message: String) {
    self.message = message
  }
}

/// The Swift type names already declared in a namespace.
private struct TypeNameRegistry {
  private var owners: [String: String] = [:]

  mutating func reserve(_ names: Set<String>) {
    for name in names { owners[name] = "the generated code" }
  }

  mutating func claim(_ name: String, for owner: String) throws(SwiftGenerationError) {
    if let existing = owners[name] {
      throw SwiftGenerationError(
        message:
          "\(owner) becomes the Swift type '\(name)', which \(existing) already declares; rename one of them"
      )
    }
    owners[name] = owner
  }
}

/// The member names already declared in one Swift type.
private struct MemberNameRegistry {
  let owner: String
  private var claimed: [String: String] = [:]

  init(owner: String) { self.owner = owner }

  mutating func reserve(_ name: String, for label: String) throws(SwiftGenerationError) {
    claimed[name] = label
  }

  /// Claims `name` for the DSL name `label`; a name claimed twice is an error.
  @discardableResult
  mutating func claim(_ name: String, for label: String) throws(SwiftGenerationError) -> String {
    if let existing = claimed[name] {
      throw SwiftGenerationError(
        message:
          "in \(owner), '\(label)' and '\(existing)' both become the Swift name '\(name)'; rename one of them"
      )
    }
    claimed[name] = label
    return name
  }
}
