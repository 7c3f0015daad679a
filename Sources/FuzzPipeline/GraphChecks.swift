import FlowGraphCore
import FuzzSupport

/// Invariants of a compiled graph: every index in range, every screen listed
/// by the flow it names, every transition's screens in its own flow; a graph
/// without errors has no transition that did not compile and survives the
/// JSON round trip, unless it holds a deep link the compiler refuses (its
/// finding suppressed), which the encoder refuses as the decoders would; a
/// graph read from a compiled file holds none; the drawings never crash.
enum GraphChecks {
  /// `fromCompiler`: the graph is the compiler's own, so a transition that
  /// did not compile must come with an error. A graph read from a compiled
  /// file may hold one without (the formats keep graphs with errors).
  static func check(_ graph: FlowGraph, diagnostics: [Diagnostic], fromCompiler: Bool = true) {
    let clean = !diagnostics.hasErrors
    let walker = GraphWalker(graph: graph, requireCompiled: clean && fromCompiler)
    walker.checkAll()
    _ = DOTExporter(diagnostics: diagnostics).export(graph)
    _ = MermaidExporter(diagnostics: diagnostics).export(graph)
    let refused = graph.refusedDeeplink()
    FuzzCheck.require(
      fromCompiler || refused == nil,
      "decode: a decoded graph holds a deep link the compiler refuses: \(refused?.message ?? "")")
    guard clean else { return }
    if let refused {
      checkJSONRefuses(graph, refused.message)
    } else {
      checkJSONRoundTrip(graph)
    }
  }

  /// A graph whose deep link the decoders refuse (a suppressed
  /// `invalid-deeplink`) is not encoded: the encoder says why, as the
  /// decoders would.
  static func checkJSONRefuses(_ graph: FlowGraph, _ message: String) {
    do {
      _ = try GraphJSONEncoder().encode(graph)
      FuzzCheck.fail("json: encoded a deep link that the decoder refuses: \(message)")
    } catch {
      FuzzCheck.require(
        error.message == message, "json: refused \(error), not the deep link: \(message)")
    }
  }

  /// A graph without errors encodes, decodes to an equal graph, and encodes
  /// to the same text again.
  static func checkJSONRoundTrip(_ graph: FlowGraph) {
    let json: String
    do {
      json = try GraphJSONEncoder().encode(graph)
    } catch {
      FuzzCheck.fail("json: a graph without errors cannot be encoded: \(error)")
    }
    let decoded: FlowGraph
    do {
      decoded = try GraphJSONDecoder().decode(json)
    } catch {
      FuzzCheck.fail("json: the encoder's output does not decode: \(error)\n\(json)")
    }
    FuzzCheck.require(decoded == graph, "json: the decoded graph differs from the encoded one")
    let again = try? GraphJSONEncoder().encode(decoded)
    FuzzCheck.require(again == json, "json: encoding the decoded graph gives other text")
  }
}

/// Walks a graph's flows, screens and transitions checking indices.
struct GraphWalker {
  let graph: FlowGraph
  /// Whether a transition or start that did not compile is a violation.
  let requireCompiled: Bool

  func checkAll() {
    if let entry = graph.entry { checkFlow(entry, "entry") }
    for type in graph.types {
      FuzzCheck.require(!type.cases.isEmpty || !requireCompiled, "type '\(type.name)' has no cases")
    }
    for task in graph.tasks {
      for parameter in task.input { checkType(parameter.type, "task '\(task.name)' input") }
      for outcome in task.outcomes {
        for parameter in outcome.payload { checkType(parameter.type, "outcome '\(outcome.name)'") }
      }
    }
    for (flowIndex, flow) in graph.flows.enumerated() {
      let id = FlowID(flowIndex)
      for parameter in flow.input { checkType(parameter.type, "flow '\(flow.name)' input") }
      for result in flow.results {
        for parameter in result.payload { checkType(parameter.type, "result '\(result.name)'") }
      }
      for screen in flow.screens {
        checkScreen(screen, in: id, "flow '\(flow.name)' screens")
        FuzzCheck.require(
          graph.screens[screen.index].flow == id,
          "flow '\(flow.name)' lists screen '\(graph.screens[screen.index].name)' of another flow")
      }
      checkStart(flow.start, flow: id)
    }
    for (screenIndex, screen) in graph.screens.enumerated() {
      checkFlow(screen.flow, "screen '\(screen.name)'")
      FuzzCheck.require(
        graph.flows[screen.flow.index].screens.contains(ScreenID(screenIndex)),
        "screen '\(screen.name)' is not listed by its flow")
      for parameter in screen.params { checkType(parameter.type, "screen '\(screen.name)' params") }
      for action in screen.actions {
        for parameter in action.params { checkType(parameter.type, "action '\(action.name)'") }
        checkTransition(action.transition, flow: screen.flow, "action '\(action.name)'")
      }
      if case .custom(let transition) = screen.back {
        checkTransition(transition, flow: screen.flow, "back of '\(screen.name)'")
      }
    }
  }

  private func checkFlow(_ id: FlowID, _ what: String) {
    FuzzCheck.require(graph.flows.indices.contains(id.index), "\(what): \(id) out of range")
  }

  private func checkScreen(_ id: ScreenID, in flow: FlowID, _ what: String) {
    FuzzCheck.require(graph.screens.indices.contains(id.index), "\(what): \(id) out of range")
    FuzzCheck.require(
      graph.screens[id.index].flow == flow,
      "\(what): screen '\(graph.screens[id.index].name)' "
        + "belongs to another flow")
  }

  private func checkTask(_ id: TaskID, _ what: String) {
    FuzzCheck.require(graph.tasks.indices.contains(id.index), "\(what): \(id) out of range")
  }

  private func checkResult(_ result: FlowResultRef, of flow: FlowID, _ what: String) {
    if case .declared(let index) = result {
      FuzzCheck.require(
        graph.flows[flow.index].results.indices.contains(index), "\(what): result out of range")
    }
  }

  private func checkType(_ type: ValueType, _ what: String) {
    switch type {
    case .list(let element), .optional(let element): checkType(element, what)
    case .named(let id):
      FuzzCheck.require(graph.types.indices.contains(id.index), "\(what): \(id) out of range")
    default: break
    }
  }

  private func checkStart(_ start: FlowStart, flow: FlowID) {
    let what = "start of flow '\(graph.flows[flow.index].name)'"
    switch start.kind {
    case .screen(let screen): checkScreen(screen, in: flow, what)
    case .run(let task, let outcomes):
      checkTask(task, what)
      FuzzCheck.require(
        outcomes.count == graph.tasks[task.index].outcomes.count, "\(what): outcome count")
      for outcome in outcomes { checkStart(outcome, flow: flow) }
    case .finish(let result): checkResult(result, of: flow, what)
    case .invalid:
      FuzzCheck.require(!requireCompiled, "\(what): did not compile, yet there is no error")
    }
  }

  private func checkTransition(_ transition: Transition, flow: FlowID, _ what: String) {
    switch transition.kind {
    case .push(let screen), .present(let screen), .replace(let screen), .root(let screen),
      .popTo(let screen):
      checkScreen(screen, in: flow, what)
    case .pop, .popToRoot, .dismiss, .stay, .select: break
    case .finish(let result): checkResult(result, of: flow, what)
    case .start(let child, _, let handlers):
      checkFlow(child, what)
      FuzzCheck.require(
        handlers.results.count == graph.flows[child.index].results.count,
        "\(what): handler count")
      for handler in handlers.results + [handlers.dismissed] {
        checkTransition(handler, flow: flow, "\(what) handler")
      }
    case .run(let task, let outcomes):
      checkTask(task, what)
      FuzzCheck.require(
        outcomes.count == graph.tasks[task.index].outcomes.count, "\(what): outcome count")
      for outcome in outcomes { checkTransition(outcome, flow: flow, "\(what) outcome") }
    case .invalid:
      FuzzCheck.require(!requireCompiled, "\(what): did not compile, yet there is no error")
    }
  }
}
