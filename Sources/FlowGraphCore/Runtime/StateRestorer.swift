/// Rebuilds a ``FlowState`` from its saved form against a graph, by name,
/// collecting every way the state no longer fits.
struct StateRestorer {
  let graph: FlowGraph
  private(set) var problems: [String] = []

  init(graph: FlowGraph) {
    self.graph = graph
  }

  /// The state, or `nil` with ``problems`` saying why not.
  mutating func restore(_ saved: SavedState) throws(RestorationError) -> FlowState? {
    var flows: [FlowInstance] = []
    var flowsByID: [Int: FlowID] = [:]
    for savedFlow in saved.flows {
      guard let flowID = graph.flow(named: savedFlow.flow) else {
        problems.append("flow '\(savedFlow.flow)' no longer exists")
        continue
      }
      let definition = graph.flows[flowID.index]
      let input = fields(
        savedFlow.input, definition.input, owner: "input", of: "flow '\(definition.name)'")
      var mode: Transition.StartMode?
      if let name = savedFlow.mode {
        guard let parsed = Transition.StartMode(rawValue: name) else {
          throw .corrupted(
            "flow \(savedFlow.id) has start mode '\(name)'; expected push or present")
        }
        mode = parsed
      }
      var origin: TransitionPath?
      if let path = savedFlow.startedBy {
        origin = resolve(path, starting: flowID, mode: mode)
      }
      flowsByID[savedFlow.id] = flowID
      flows.append(
        FlowInstance(
          id: FlowInstanceID(savedFlow.id), flow: flowID, input: input ?? [],
          parent: savedFlow.parent.map(FlowInstanceID.init), mode: mode, origin: origin,
          tabsScreen: savedFlow.tabsScreen.map(ScreenInstanceID.init)))
    }
    var layers: [Layer] = []
    for savedLayer in saved.layers {
      var stacks: [ScreenStack] = []
      for savedStack in savedLayer.stacks {
        var screens: [ScreenInstance] = []
        for savedScreen in savedStack {
          if let screen = try screen(savedScreen, saved, flowsByID) { screens.append(screen) }
        }
        stacks.append(ScreenStack(screens))
      }
      var tabsScreen: ScreenInstance?
      if let savedTabs = savedLayer.tabs {
        tabsScreen = try screen(savedTabs, saved, flowsByID)
        if let tabs = tabsScreen,
          graph.screens[tabs.screen.index].tabBar?.tabs.count != stacks.count
        {
          problems.append(
            "tabs screen '\(savedTabs.screen)' no longer has the \(stacks.count) tabs of the saved state"
          )
        }
      }
      layers.append(
        Layer(
          owner: FlowInstanceID(savedLayer.owner), stacks: stacks, selected: savedLayer.selected,
          tabsScreen: tabsScreen))
    }
    var finish: FlowState.Finish?
    if let savedFinish = saved.finished {
      if let flowID = graph.flow(named: savedFinish.flow) {
        let definition = graph.flows[flowID.index]
        if let result = resultRef(savedFinish.result, of: definition) {
          let payload = fields(
            savedFinish.payload, definition.payload(of: result), owner: "payload field",
            of: "result '\(savedFinish.result)' of flow '\(definition.name)'")
          finish = FlowState.Finish(flow: flowID, result: result, payload: payload ?? [])
        } else {
          problems.append(
            "result '\(savedFinish.result)' of flow '\(definition.name)' no longer exists")
        }
      } else {
        problems.append("flow '\(savedFinish.flow)' no longer exists")
      }
    }
    var pendingLink: PendingLink?
    if let url = saved.pendingLink {
      switch FlowEngine(graph: graph).resolveLink(url) {
      case .success(let link): pendingLink = link
      case .failure(let error):
        problems.append("the pending deep link '\(url)' no longer opens: \(error.message)")
      }
    }
    guard problems.isEmpty else { return nil }
    var state = FlowState(
      flows: flows, layers: layers, finish: finish, nextFlowInstance: saved.next.flow,
      nextScreenInstance: saved.next.screen)
    state.pendingLink = pendingLink
    return state
  }

  /// A saved screen instance against the graph (`nil`, with a problem, when
  /// its screen or its flow no longer exists).
  private mutating func screen(
    _ savedScreen: SavedScreen, _ saved: SavedState, _ flowsByID: [Int: FlowID]
  ) throws(RestorationError) -> ScreenInstance? {
    guard let flowID = flowsByID[savedScreen.flow] else {
      if saved.flows.contains(where: { $0.id == savedScreen.flow }) { return nil }
      throw .inconsistent(
        "screen '\(savedScreen.screen)' belongs to flow \(savedScreen.flow), which is not live")
    }
    let flowName = graph.flows[flowID.index].name
    guard let screenID = graph.screen(named: savedScreen.screen, in: flowID) else {
      problems.append("screen '\(savedScreen.screen)' of flow '\(flowName)' no longer exists")
      return nil
    }
    let params =
      fields(
        savedScreen.params, graph.screens[screenID.index].params, owner: "param",
        of: "screen '\(savedScreen.screen)' (flow '\(flowName)')") ?? []
    return ScreenInstance(
      id: ScreenInstanceID(savedScreen.id), screen: screenID,
      flow: FlowInstanceID(savedScreen.flow), params: params)
  }

  /// Typed values for the current fields from the saved ones, by name.
  private mutating func fields(
    _ saved: [SavedField], _ parameters: some IndexedList<Parameter>, owner: String,
    of place: String
  ) -> [Value]? {
    var values: [Value] = []
    var fits = true
    for parameter in parameters {
      let type = graph.describe(parameter.type)
      guard let field = saved.first(where: { $0.name == parameter.name }) else {
        if parameter.type.isOptional {
          values.append(.null)
        } else {
          problems.append(
            "\(place) has a new \(owner) '\(parameter.name)' (\(type)) that the saved state has no value for"
          )
          fits = false
        }
        continue
      }
      guard field.type == type else {
        problems.append(
          "\(owner) '\(parameter.name)' of \(place) was \(field.type) and is now \(type)")
        fits = false
        continue
      }
      guard let value = field.value.value(as: parameter.type, in: graph) else {
        problems.append(
          "the saved value of \(owner) '\(parameter.name)' of \(place) is not a valid \(type) any more"
        )
        fits = false
        continue
      }
      values.append(value)
    }
    return fits ? values : nil
  }

  private func resultRef(_ name: String, of flow: Flow) -> FlowResultRef? {
    if name == "dismissed" { return .dismissed }
    return flow.results.firstIndex { $0.name == name }.map(FlowResultRef.declared)
  }

  /// The path of the `start` that started a flow, checked to still start it.
  private mutating func resolve(
    _ path: SavedPath, starting child: FlowID, mode: Transition.StartMode?
  ) -> TransitionPath? {
    let childName = graph.flows[child.index].name
    let origin =
      path.action.map { "action '\($0)'" } ?? path.tab.map { "tab '\($0)'" } ?? "the custom back"
    let place = "\(origin) of screen '\(path.screen)' (flow '\(path.flow)')"
    func gone() -> TransitionPath? {
      problems.append("flow '\(childName)' was started by \(place), which no longer exists")
      return nil
    }
    guard let flowID = graph.flow(named: path.flow),
      let screenID = graph.screen(named: path.screen, in: flowID)
    else { return gone() }
    var resolved: TransitionPath
    if let action = path.action {
      guard let id = graph.action(named: action, on: screenID) else { return gone() }
      resolved = TransitionPath(root: .action(id))
    } else if let tab = path.tab {
      guard let index = graph.screens[screenID.index].tabBar?.index(of: tab) else { return gone() }
      resolved = TransitionPath(root: .tab(screenID, index))
    } else {
      guard case .custom = graph.screens[screenID.index].back else { return gone() }
      resolved = TransitionPath(root: .back(screenID))
    }
    for step in path.steps {
      guard let current = graph.transition(at: resolved) else { return gone() }
      switch (current.kind, step.outcome, step.on) {
      case (.run(let task, _), let outcome?, nil):
        guard let index = graph.tasks[task.index].outcomes.firstIndex(where: { $0.name == outcome })
        else { return gone() }
        resolved = resolved.appending(.outcome(index))
      case (.start(let flow, _, _), nil, let result?):
        guard let ref = resultRef(result, of: graph.flows[flow.index]) else { return gone() }
        resolved = resolved.appending(.handler(ref))
      default:
        return gone()
      }
    }
    guard let start = graph.transition(at: resolved),
      case .start(let started, let startMode, _) = start.kind, started == child,
      mode == nil || mode == startMode
    else {
      problems.append(
        "flow '\(childName)' was started by \(place), which no longer starts it that way")
      return nil
    }
    return resolved
  }
}
