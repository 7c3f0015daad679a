/// One step of a run as the trace shows it: the event, the transitions
/// taken, the tasks and their outcomes, the hooks' points, the navigation
/// changes, and where the user is afterwards.
public struct StepRecord: Hashable, Sendable {
  /// A task hook's answer within the step.
  public struct TaskOutcome: Hashable, Sendable {
    /// The task's name.
    public var task: String
    /// The outcome's name.
    public var outcome: String
    /// The payload, in the outcome's field order, with the field names.
    public var payload: [(name: String, value: Value)]

    public static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.task == rhs.task && lhs.outcome == rhs.outcome
        && lhs.payload.map(\.name) == rhs.payload.map(\.name)
        && lhs.payload.map(\.value) == rhs.payload.map(\.value)
    }

    public func hash(into hasher: inout Hasher) {
      hasher.combine(task)
      hasher.combine(outcome)
      for (name, value) in payload {
        hasher.combine(name)
        hasher.combine(value)
      }
    }
  }

  /// A named value: a param of the current screen, a field of a result's payload.
  public struct Field: Hashable, Sendable {
    /// The param's or field's name.
    public var name: String
    /// Its value.
    public var value: Value

    /// Creates a field.
    public init(name: String, value: Value) {
      self.name = name
      self.value = value
    }
  }

  /// A child flow that ended within the step, with its result and payload.
  public struct FlowResult: Hashable, Sendable {
    /// The flow's name.
    public var flow: String
    /// The result's name (`dismissed` when a gesture or `dismiss` closed it).
    public var result: String
    /// The payload, in the result's field order.
    public var payload: [Field]
  }

  /// A live tab bar after the step (SPEC §6.1): the trace's `tabs` entry.
  public struct TabsLayer: Hashable, Sendable {
    /// The layer's index in ``layers``.
    public var layer: Int
    /// The tabs screen.
    public var screen: String
    /// The selected tab.
    public var selected: String
    /// The tabs, in declared order.
    public var names: [String]
    /// Each tab's stack, bottom to top, in tab order.
    public var stacks: [[String]]
  }

  /// The step's number: 0 is the start.
  public var number: Int
  /// The event in the `--events` syntax (arguments in the action's param
  /// order), or `start`.
  public var event: String
  /// The transitions taken, in order (`push detail`, `run login`, `finish completed`).
  public var transitions: [String]
  /// The task hooks' answers, in order.
  public var tasks: [TaskOutcome]
  /// The lifecycle hook points reached, in order (`enter detail`, `exit home`,
  /// `start onboarding`, `finish onboarding completed`).
  public var hooks: [String]
  /// The navigation changes, in order.
  public var navigation: [NavigationChange]
  /// The current flow after the step (`nil` once the run has finished).
  public var flow: String?
  /// The current screen after the step.
  public var screen: String?
  /// The layers after the step, bottom to top, each its stack bottom to top
  /// (for a tab bar, its selected tab's stack, without the tabs screen).
  public var layers: [[String]]
  /// The root flow's result, when this step ended the run.
  public var finished: String?
  /// The current screen's params after the step, in its params' order.
  public var params: [Field] = []
  /// The child flows that ended in the step, in order, with their result and
  /// payload (the root flow's end is ``finished``).
  public var childResults: [FlowResult] = []
  /// The live tab bars after the step, bottom to top (none: empty).
  public var tabs: [TabsLayer] = []
  /// The URL of the deep link pending after the step, when one is.
  public var pending: String?
}

extension FlowGraph {
  /// A transition kind in the DSL's words: `push detail`, `start onboarding`.
  public func describe(_ kind: Transition.Kind) -> String {
    func name(_ screen: ScreenID) -> String {
      screen.index >= 0 && screen.index < screens.count ? screens[screen.index].name : "\(screen)"
    }
    switch kind {
    case .push(let screen): return "push \(name(screen))"
    case .present(let screen): return "present \(name(screen))"
    case .replace(let screen): return "replace \(name(screen))"
    case .root(let screen): return "root \(name(screen))"
    case .popTo(let screen): return "pop \(name(screen))"
    case .pop: return "pop"
    case .popToRoot: return "popToRoot"
    case .dismiss: return "dismiss"
    case .stay: return "stay"
    case .select(let tab): return "select \(tab)"
    case .finish(let result):
      if case .declared(let index) = result { return "finish #\(index)" }
      return "finish dismissed"
    case .start(let flow, let mode, _):
      let flowName =
        flow.index >= 0 && flow.index < flows.count ? flows[flow.index].name : "\(flow)"
      return "start \(flowName) (\(mode.rawValue))"
    case .run(let task, _):
      return
        "run \(task.index >= 0 && task.index < tasks.count ? tasks[task.index].name : "\(task)")"
    case .invalid: return "invalid"
    }
  }

  /// The trace record of a committed step.
  public func record(number: Int, event: String, effects: [Effect], state: FlowState) -> StepRecord
  {
    var record = StepRecord(
      number: number, event: event, transitions: [], tasks: [], hooks: [], navigation: [],
      flow: nil, screen: nil, layers: state.layerNames(in: self), finished: nil)
    var flowsByInstance: [FlowInstanceID: FlowID] = [:]
    for flow in state.flows { flowsByInstance[flow.id] = flow.flow }
    // A flow that ended in the step is gone from the state; its `finish`
    // transition comes before its end.
    for case .flowFinished(let flow, _, _) in effects { flowsByInstance[flow.id] = flow.flow }
    // An `open` ends every live flow before the entry flow starts again: those
    // ends are its reset, not child results (SPEC §6.2).
    let restart = effects.firstIndex {
      if case .flowStarted(let flow) = $0 { return flow.parent == nil }
      return false
    }
    for (position, effect) in effects.enumerated() {
      switch effect {
      case .transition(let kind, let flow):
        if case .finish(.declared(let index)) = kind, let definition = flowsByInstance[flow] {
          record.transitions.append("finish \(flows[definition.index].results[index].name)")
        } else {
          record.transitions.append(describe(kind))
        }
      case .navigation(let change):
        record.navigation.append(change)
      case .screenEntered(let screen):
        record.hooks.append("enter \(screens[screen.screen.index].name)")
      case .screenExited(let screen):
        record.hooks.append("exit \(screens[screen.screen.index].name)")
      case .flowStarted(let flow):
        flowsByInstance[flow.id] = flow.flow
        record.hooks.append("start \(flows[flow.flow.index].name)")
      case .flowFinished(let flow, let result, let payload):
        let definition = flows[flow.flow.index]
        record.hooks.append("finish \(definition.name) \(definition.name(of: result))")
        if flow.parent != nil, position > restart ?? -1 {
          record.childResults.append(
            StepRecord.FlowResult(
              flow: definition.name, result: definition.name(of: result),
              payload: zip(definition.payload(of: result), payload).map {
                StepRecord.Field(name: $0.name, value: $1)
              }))
        }
      case .taskReturned(let task, let outcome, let payload):
        let definition = tasks[task.index].outcomes[outcome]
        record.tasks.append(
          StepRecord.TaskOutcome(
            task: tasks[task.index].name, outcome: definition.name,
            payload: zip(definition.payload.map(\.name), payload).map { ($0, $1) }))
      }
    }
    record.pending = state.pendingLink?.url
    if let top = state.top, let flow = state.flow(top.flow) {
      record.flow = flows[flow.flow.index].name
      record.screen = screens[top.screen.index].name
      record.params = zip(screens[top.screen.index].params, top.params).map {
        StepRecord.Field(name: $0.name, value: $1)
      }
    }
    for (index, layer) in state.layers.enumerated() {
      guard let tabsScreen = layer.tabsScreen,
        let tabs = screens[tabsScreen.screen.index].tabBar?.tabs
      else { continue }
      record.tabs.append(
        StepRecord.TabsLayer(
          layer: index, screen: screens[tabsScreen.screen.index].name,
          selected: tabs[layer.selected].name, names: tabs.map(\.name),
          stacks: layer.stacks.map { $0.screens.map { screens[$0.screen.index].name } }))
    }
    if let finish = state.finish,
      effects.contains(where: {
        if case .flowFinished(let flow, _, _) = $0 { return flow.parent == nil }
        return false
      })
    {
      record.finished = flows[finish.flow.index].name(of: finish.result)
    }
    return record
  }
}
