extension FlowGraph {
  /// A stable fingerprint of what the runtime depends on: the names, kinds
  /// and types of flows, screens, actions, tasks, results and named types,
  /// every transition and argument, and the entry — but not source
  /// positions, titles, descriptions, deep links or `suppress` lists.
  ///
  /// Deterministic across processes and platforms (FNV-1a over a canonical
  /// encoding, never Swift's seeded `Hasher`): 16 hex digits. A saved
  /// ``FlowState`` records it, so restoring against another graph is caught.
  public var fingerprint: String { FingerprintHasher.hex(fingerprintValue) }

  /// The fingerprint as a number (what the compiled format stores).
  var fingerprintValue: UInt64 {
    var hasher = FingerprintHasher()
    hasher.combine(tag: "flowgraph-fingerprint-1")
    hasher.combine(types.count)
    for type in types {
      hasher.combine(type.name)
      hasher.combine(type.cases.count)
      for name in type.cases { hasher.combine(name) }
    }
    hasher.combine(tasks.count)
    for task in tasks {
      hasher.combine(task.name)
      combine(task.input, into: &hasher)
      hasher.combine(task.outcomes.count)
      for outcome in task.outcomes {
        hasher.combine(outcome.name)
        combine(outcome.payload, into: &hasher)
      }
    }
    hasher.combine(flows.count)
    for flow in flows {
      hasher.combine(flow.name)
      combine(flow.input, into: &hasher)
      hasher.combine(flow.results.count)
      for result in flow.results {
        hasher.combine(result.name)
        combine(result.payload, into: &hasher)
      }
      combine(flow.start, into: &hasher)
      hasher.combine(flow.screens.count)
      for id in flow.screens {
        let screen = self[id]
        hasher.combine(screen.name)
        combine(screen.params, into: &hasher)
        hasher.combine(screen.dismissible)
        switch screen.back {
        case .pop: hasher.combine(tag: "back-pop")
        case .disabled: hasher.combine(tag: "back-disabled")
        case .custom(let transition):
          hasher.combine(tag: "back-custom")
          combine(transition, into: &hasher)
        }
        hasher.combine(screen.actions.count)
        for action in screen.actions {
          hasher.combine(action.name)
          combine(action.params, into: &hasher)
          combine(action.transition, into: &hasher)
        }
        if let bar = screen.tabBar {
          // Only a graph with tabs hashes this, so older fingerprints stay.
          hasher.combine(tag: "tabs")
          hasher.combine(bar.selected)
          hasher.combine(bar.tabs.count)
          for tab in bar.tabs {
            hasher.combine(tab.name)
            hasher.combine(flows.indices.contains(tab.flow.index) ? flows[tab.flow.index].name : "")
            combine(tab.arguments, into: &hasher)
            hasher.combine(tab.handlers.results.count)
            for handler in tab.handlers.results { combine(handler, into: &hasher) }
            combine(tab.handlers.dismissed, into: &hasher)
          }
        }
      }
    }
    hasher.combine(entry.map { flows[$0.index].name } ?? "")
    return hasher.value
  }

  private func combine(_ fields: some IndexedList<Parameter>, into hasher: inout FingerprintHasher)
  {
    hasher.combine(fields.count)
    for field in fields {
      hasher.combine(field.name)
      hasher.combine(describe(field.type))
      if let value = field.defaultValue {
        // Only when present, so that a graph without defaults keeps its fingerprint.
        hasher.combine(tag: "default")
        hasher.combine(value.json)
      }
    }
  }

  private func combine(
    _ arguments: some IndexedList<Argument>, into hasher: inout FingerprintHasher
  ) {
    hasher.combine(arguments.count)
    for argument in arguments {
      hasher.combine(argument.parameter)
      switch argument.source {
      case .literal(let value):
        hasher.combine(tag: "literal")
        hasher.combine(value.json)
      case .payload(let index):
        hasher.combine(tag: "payload")
        hasher.combine(index)
      case .screenParameter(let index):
        hasher.combine(tag: "screen")
        hasher.combine(index)
      case .actionParameter(let index):
        hasher.combine(tag: "action")
        hasher.combine(index)
      case .flowInput(let index):
        hasher.combine(tag: "input")
        hasher.combine(index)
      }
    }
  }

  private func screenName(_ id: ScreenID) -> String {
    id.index >= 0 && id.index < screens.count ? screens[id.index].name : "#\(id.index)"
  }

  private func combine(_ start: FlowStart, into hasher: inout FingerprintHasher) {
    switch start.kind {
    case .screen(let screen):
      hasher.combine(tag: "start-screen")
      hasher.combine(screenName(screen))
    case .run(let task, let outcomes):
      hasher.combine(tag: "start-run")
      hasher.combine(task.index >= 0 && task.index < tasks.count ? tasks[task.index].name : "")
      hasher.combine(outcomes.count)
      for outcome in outcomes { combine(outcome, into: &hasher) }
    case .finish(let result):
      hasher.combine(tag: "start-finish")
      combine(result, into: &hasher)
    case .invalid:
      hasher.combine(tag: "start-invalid")
    }
    combine(start.arguments, into: &hasher)
  }

  private func combine(_ result: FlowResultRef, into hasher: inout FingerprintHasher) {
    switch result {
    case .dismissed: hasher.combine(-1)
    case .declared(let index): hasher.combine(index)
    }
  }

  private func combine(_ transition: Transition, into hasher: inout FingerprintHasher) {
    switch transition.kind {
    case .push(let screen):
      hasher.combine(tag: "push")
      hasher.combine(screenName(screen))
    case .present(let screen):
      hasher.combine(tag: "present")
      hasher.combine(screenName(screen))
    case .replace(let screen):
      hasher.combine(tag: "replace")
      hasher.combine(screenName(screen))
    case .root(let screen):
      hasher.combine(tag: "root")
      hasher.combine(screenName(screen))
    case .popTo(let screen):
      hasher.combine(tag: "pop-to")
      hasher.combine(screenName(screen))
    case .pop: hasher.combine(tag: "pop")
    case .popToRoot: hasher.combine(tag: "pop-to-root")
    case .dismiss: hasher.combine(tag: "dismiss")
    case .stay: hasher.combine(tag: "stay")
    case .select(let tab):
      hasher.combine(tag: "select")
      hasher.combine(tab)
    case .finish(let result):
      hasher.combine(tag: "finish")
      combine(result, into: &hasher)
    case .start(let flow, let mode, let handlers):
      hasher.combine(tag: "start")
      hasher.combine(flow.index >= 0 && flow.index < flows.count ? flows[flow.index].name : "")
      hasher.combine(mode.rawValue)
      hasher.combine(handlers.results.count)
      for handler in handlers.results { combine(handler, into: &hasher) }
      combine(handlers.dismissed, into: &hasher)
    case .run(let task, let outcomes):
      hasher.combine(tag: "run")
      hasher.combine(task.index >= 0 && task.index < tasks.count ? tasks[task.index].name : "")
      hasher.combine(outcomes.count)
      for outcome in outcomes { combine(outcome, into: &hasher) }
    case .invalid:
      hasher.combine(tag: "invalid")
    }
    if let popTo = transition.popTo {
      hasher.combine(tag: popTo.inclusive ? "pop-to-inclusive-first" : "pop-to-first")
      hasher.combine(screenName(popTo.screen))
    }
    combine(transition.arguments, into: &hasher)
  }
}
