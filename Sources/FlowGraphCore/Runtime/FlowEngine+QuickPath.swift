/// What the quick path is about to do, in plain values (no reference
/// counting to pass it around).
struct QuickPlan {
  /// A push, a pop, `stay`, a present, a dismiss, a child flow's start or end.
  var operation: ActionTable.Operation
  /// The pushed or presented screen, or the started child's start screen.
  var target: ScreenID
  /// The action's index on the current screen; -1 for the system back and
  /// the dismiss gesture.
  var action: Int
  /// The action's entry in the ``ActionTable``; -1 for back and the gesture.
  var entry: Int
  /// The current screen.
  var screen: ScreenID
  /// The current flow (the one taking the transition).
  var flow: FlowInstanceID
  /// The started child flow (``ActionTable/Operation/startPush``,
  /// ``ActionTable/Operation/startPresent``).
  var child: FlowID
  /// Whether the event is the dismiss gesture (no transition is taken).
  var isGesture = false
}

/// Which way a step is taken, decided once per event by
/// ``FlowEngine/plan(_:in:)``: the runner and the engine's `apply` both
/// follow it, and nothing else (an observer, logging) changes it.
enum StepPlan {
  /// In place, by ``FlowEngine/take(_:into:)``.
  case quick(QuickPlan)
  /// By the general engine (``FlowEngine/applyGenerally(_:to:effects:)``),
  /// which also reports every event that fails.
  case general

  /// The quick plan, if it is one.
  var quick: QuickPlan? {
    if case .quick(let plan) = self { plan } else { nil }
  }
}

extension FlowEngine {
  /// The one decision of how an event is taken: quickly when
  /// ``quickPlan(_:in:table:)`` plans it and the general path is not forced
  /// (``forcesGeneralPath``), else generally. Reads `state` only.
  @inline(__always)
  func plan(_ event: borrowing FlowEvent, in state: inout FlowState) -> StepPlan {
    Self.plan(event, in: &state, table: table, forcingGeneralPath: forcesGeneralPath)
  }

  /// ``plan(_:in:)`` from the engine's parts it reads: the runner passes
  /// them, as a method call on its engine would copy the whole engine first
  /// (measured: about 15 instructions per event).
  @inline(__always)
  static func plan(
    _ event: borrowing FlowEvent, in state: inout FlowState, table: ActionTable,
    forcingGeneralPath: Bool
  ) -> StepPlan {
    // A graph with tabs takes the general path for every event (SPEC §6.1);
    // a pending deep link may resume after any step: the general path.
    guard !forcingGeneralPath, !table.hasTabs, state.pendingLink == nil,
      let plan = quickPlan(event, in: &state, table: table)
    else { return .general }
    return .quick(plan)
  }

  /// Plans the common steps, which are taken in place without building
  /// effects: a push or present of a screen without params, a pop or a
  /// dismiss, `stay`, by an action without params (by name or by id, with no
  /// arguments), the default back or the dismiss gesture; a child flow's
  /// start by such an action when its input is made of literals and its
  /// start screen has no params; a child flow's end by a pop or a dismiss
  /// when it is the newest flow, shows nothing else, and its parent's
  /// `dismissed` handler is `stay`. Returns `nil` for anything else,
  /// including every event that would fail: the general path then takes it
  /// and reports why. Reads `state` only.
  ///
  /// ``take(_:into:)`` then changes the state exactly as the general path
  /// would, and emits the effects it would.
  @inline(__always)
  private static func quickPlan(
    _ event: borrowing FlowEvent, in state: inout FlowState, table: ActionTable
  ) -> QuickPlan? {
    let layer = state.layers.count - 1
    guard layer >= 0 else { return nil }
    let selected = state.layers[layer].selected
    let count = state.layers[layer].stacks[selected].screens.count
    guard count > 0 else { return nil }
    let screen = state.layers[layer].stacks[selected].screens[count - 1].screen
    let flow = state.layers[layer].stacks[selected].screens[count - 1].flow
    // The flow of the screen below, for a pop, read along with the top one
    // (read in the pop's case, it cost about 10 instructions per pop more:
    // the registers the case's rarer call needs were saved before it).
    let below = count >= 2 ? state.layers[layer].stacks[selected].screens[count - 2].flow : flow
    // The top screen's flow is the newest live one, as in every consistent
    // state without tabs: one comparison instead of a search for it among
    // the live flows (a state where it is live but not the newest is left
    // to the general path).
    let flows = state.flows.count
    guard screen.index >= 0, screen.index < table.back.count, flows > 0,
      state.flows[flows - 1].id == flow
    else { return nil }
    var plan = QuickPlan(
      operation: .general, target: ScreenID(-1), action: -1, entry: -1, screen: screen,
      flow: flow, child: FlowID(-1))
    switch event {
    case .resolved(let id, let payload):
      guard payload.isEmpty, id.screen == screen, id.index >= 0 else { return nil }
      let flat = Int(table.starts[screen.index]) + id.index
      guard flat < Int(table.starts[screen.index + 1]) else { return nil }
      plan.action = id.index
      plan.entry = flat
    case .action(let name, let arguments):
      guard arguments.isEmpty, let index = table.action(named: name, onScreen: screen.index)
      else { return nil }
      plan.action = index
      plan.entry = Int(table.starts[screen.index]) + index
    case .back:
      guard count >= 2 else { return nil }
      plan.operation = table.back[screen.index]
    case .tab:
      return nil
    case .dismiss:
      // As `resolve` checks it: a modal layer whose first screen is dismissible.
      guard layer >= 1 else { return nil }
      let first = state.layers[layer].stacks[selected].screens[0].screen.index
      guard first >= 0, first < table.dismissible.count, table.dismissible[first] else {
        return nil
      }
      plan.operation = .dismiss
      plan.isGesture = true
    case .open, .cancelPendingLink:
      return nil
    }
    if plan.entry >= 0 {
      plan.operation = table.entries[plan.entry].operation
      plan.target = ScreenID(Int(table.entries[plan.entry].target))
      plan.child = FlowID(Int(table.entries[plan.entry].child))
    }
    switch plan.operation {
    case .general, .popEndingFlow, .dismissEndingFlow:
      return nil
    case .stay, .push, .present, .startPush, .startPresent:
      return plan
    case .dismiss:
      // A dismiss that ends no flow, or only the top flow; the action's only
      // when this flow opened the layer.
      guard layer >= 1, plan.isGesture || state.layers[layer].owner == flow else { return nil }
      if closingEndsNoFlow(from: layer, in: state) { return plan }
      guard closingEndsOnly(flow, layer: layer, in: state, table: table) else { return nil }
      plan.operation = .dismissEndingFlow
      return plan
    case .pop:
      // A pop that leaves the flow on screen, or that ends only the top flow.
      guard count >= 2 else { return nil }
      if below == flow { return plan }
      guard poppingEndsOnly(flow, layer: layer, in: state, table: table) else { return nil }
      plan.operation = .popEndingFlow
      return plan
    }
  }

  /// Whether closing the top layer (`layer`) ends `flow` and nothing else,
  /// quickly: the layer is the flow's and holds only its screens, the flow
  /// shows none below, and it ends quickly (``endsQuickly(_:in:table:)``).
  @inline(never)
  static func closingEndsOnly(
    _ flow: FlowInstanceID, layer: Int, in state: FlowState, table: ActionTable
  ) -> Bool {
    guard state.layers[layer].owner == flow else { return false }
    for stack in state.layers[layer].stacks.indices {
      for screen in state.layers[layer].stacks[stack].screens.indices
      where state.layers[layer].stacks[stack].screens[screen].flow != flow {
        return false
      }
    }
    return !state.hasScreens(flow, inLayersBelow: layer)
      && endsQuickly(flow, in: state, table: table)
  }

  /// Whether popping the top screen (of `flow`, in `layer`) ends `flow` and
  /// nothing else, quickly: the flow shows no other screen, and it ends
  /// quickly (``endsQuickly(_:in:table:)``).
  @inline(never)
  static func poppingEndsOnly(
    _ flow: FlowInstanceID, layer: Int, in state: FlowState, table: ActionTable
  ) -> Bool {
    let selected = state.layers[layer].selected
    for stack in state.layers[layer].stacks.indices {
      let end = state.layers[layer].stacks[stack].screens.count - (stack == selected ? 1 : 0)
      for screen in 0..<end where state.layers[layer].stacks[stack].screens[screen].flow == flow {
        return false
      }
    }
    return !state.hasScreens(flow, inLayersBelow: layer)
      && endsQuickly(flow, in: state, table: table)
  }

  /// Whether `flow`, once it shows nothing, ends on the quick path: it is the
  /// newest live flow (so it has no live child), a child started by an
  /// action whose `dismissed` handler is `stay`, and its parent is live.
  static func endsQuickly(_ flow: FlowInstanceID, in state: FlowState, table: ActionTable) -> Bool {
    let last = state.flows.count - 1
    guard last >= 1, state.flows[last].id == flow, let parent = state.flows[last].parent,
      state.flowIndex(parent) != nil, let origin = state.flows[last].origin,
      origin.steps.isEmpty, case .action(let id) = origin.root
    else { return false }
    return table.dismissedStays(id)
  }
}
