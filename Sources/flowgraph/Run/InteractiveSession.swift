import FlowGraphCore

/// The interactive run on a terminal: shows where the user is, lists the
/// possible events by number, reads a choice (a number, an event in the
/// `--events` syntax, `back`, `dismiss`, `help`, `quit`; lines are edited and
/// recalled with the usual keys), asks for an action's params and for each
/// task's outcome (unless `--outcome` gave it). A child flow's result is
/// shown when it ends; at the end, the command that replays the session.
struct InteractiveSession {
  let setup: RunSetup
  let style: InteractiveStyle
  let replay: ReplayLine

  /// `command`: the file and the options (`--flow`, `--input`) to replay with.
  init(setup: RunSetup, command: [String]) {
    self.setup = setup
    style = InteractiveStyle(color: Terminal.useColor(onTerminal: Terminal.stdoutIsTerminal))
    replay = ReplayLine(command: command)
  }

  static let help = """
    Type the number of an event, or the event itself: an action's name, with
    its params as name(param=value, …) (asked for when left out), back, dismiss,
    or tab:NAME (the selected tab again pops it to its first screen);
    open:URL opens a deep link, cancelPendingLink drops the one that waits.
      help      this text
      quit      end the session (also q, exit, Ctrl-D or Ctrl-C)
    Left/Right, Home/End, Backspace, Ctrl-U, Ctrl-K and Ctrl-W edit the line;
    Up and Down recall earlier lines. At the end, the session is printed as
    the 'flowgraph run … --events …' command that replays it.

    """

  private var graph: FlowGraph { setup.graph }

  func run() async throws(RunFailure) {
    let scripted = ScriptedOutcomes(setup.outcomes)
    let prompt = OutcomePrompt(graph: graph, style: style)
    let runner = setup.makeRunner { call in
      if let result = try? await scripted.next(for: call.name) { return result }
      return try prompt.ask(call)
    }
    let writer = StepWriter(graph: graph, format: nil)
    let style = self.style
    let replay = self.replay
    runner.onStep = { record in
      replay.record(record)
      var text = style.dim(writer.plain(record)) + "\n"
      for result in record.childResults {
        let payload = result.payload.map { "\($0.name)=\($0.value.eventSyntax)" }
        text +=
          style.success("Flow '\(result.flow)' finished with '\(result.result)'")
          + (payload.isEmpty ? "" : " (\(payload.joined(separator: ", ")))") + ".\n"
      }
      Console.out(text)
    }
    Console.out(
      style.bold("flowgraph run") + ": flow '\(setup.flowName)'. "
        + "Type a number or an event such as name(param=value); back, dismiss, help, quit.\n")
    do {
      try await runner.start(flow: setup.flowName, input: setup.input)
    } catch {
      if Self.isQuit(error) { return quit() }
      throw setup.failure(error, event: "start", number: nil, runner: runner)
    }
    while true {
      if let finish = runner.state.finish {
        let flow = graph.flows[finish.flow.index]
        let payload = zip(flow.payload(of: finish.result), finish.payload)
          .map { "\($0.name)=\($1.eventSyntax)" }
        Console.out(
          "\n"
            + style.success("Flow '\(flow.name)' finished with '\(flow.name(of: finish.result))'")
            + (payload.isEmpty ? "" : " (\(payload.joined(separator: ", ")))") + ".\n")
        showReplay()
        return
      }
      let events = runner.possibleEvents()
      show(runner, events)
      guard let line = InteractiveInput.line(prompt: style.bold("> ")) else { return quit() }
      let answer = line.trimmingWhitespace()
      if answer.isEmpty { continue }
      if ["q", "quit", "exit"].contains(answer) { return quit() }
      if ["help", "h", "?"].contains(answer) {
        Console.out(Self.help)
        continue
      }
      do {
        guard let event = try event(for: answer, events, runner) else { continue }
        try await runner.send(event)
      } catch {
        if Self.isQuit(error) { return quit() }
        if case .usage(let message) = error as? InteractiveProblem {
          Console.out(style.warning(message) + "\n")
          continue
        }
        let failure = setup.failure(error, event: answer, number: nil, runner: runner)
        Console.out(style.warning("Not possible: ") + Self.reason(failure.message) + "\n")
      }
    }
  }

  private enum InteractiveProblem: Error {
    case usage(String)
  }

  private static func isQuit(_ error: any Error) -> Bool {
    if error is InteractiveQuit { return true }
    if let error = error as? RuntimeError, error.code == .taskFailed {
      return error.underlying is InteractiveQuit
    }
    return false
  }

  /// The failure message without its `error: place:` prefix and its list of
  /// possible events (the menu shows them).
  private static func reason(_ message: String) -> String {
    var text = message.split(separator: "\n").first.map(String.init) ?? message
    if text.hasPrefix("error: "),
      let colon = text[text.index(text.startIndex, offsetBy: 7)...].firstRange(of: ": ")
    {
      text = String(text[colon.upperBound...])
    }
    return text
  }

  private func quit() {
    showReplay()
    Console.out("Bye.\n")
  }

  /// The command that replays what was done, when anything was.
  private func showReplay() {
    guard let line = replay.text else { return }
    Console.out("Replay: " + line + "\n")
  }

  /// The current flow, screen, layers and the numbered possible events.
  private func show(_ runner: FlowRunner, _ events: [PossibleEvent]) {
    guard let top = runner.currentScreen, let flow = runner.currentFlow else { return }
    let screen = graph[top.screen]
    var text = "\n" + style.accent("\(graph[flow.flow].name) › \(screen.name)")
    if let title = screen.title { text += "  \"\(title)\"" }
    if !top.params.isEmpty {
      let params = zip(screen.params, top.params).map { "\($0.name)=\($1.eventSyntax)" }
      text += "  (" + params.joined(separator: ", ") + ")"
    }
    text += "\n"
    if let description = screen.description {
      text += style.dim("  " + description.trimmingWhitespace(newlines: true)) + "\n"
    }
    // The current flow and its parents; flows live beside them (other tabs'
    // flows) after them.
    var chain: [FlowInstance] = []
    var next: FlowInstance? = flow
    while let current = next, !chain.contains(where: { $0.id == current.id }) {
      chain.insert(current, at: 0)
      next = current.parent.flatMap { runner.state.flow($0) }
    }
    let others = runner.state.flows.filter { live in !chain.contains { $0.id == live.id } }
    text += "  flows:  " + chain.map { graph[$0.flow].name }.joined(separator: " › ")
    if !others.isEmpty {
      text += style.dim(
        "  (also live: " + others.map { graph[$0.flow].name }.joined(separator: ", ") + ")")
    }
    text += "\n"
    for (index, layer) in runner.state.layers.enumerated() {
      let label = index == 0 ? "base" : "modal \(index)"
      let owner = runner.state.flow(layer.owner).map { graph[$0.flow].name } ?? "?"
      text += "  layer \(index) (\(label), \(owner)):  " + describe(layer) + "\n"
    }
    text += "Possible events:\n"
    for (index, event) in events.enumerated() {
      text +=
        "  " + style.bold("\(index + 1))") + " " + graph.signature(event)
        + (event.runsTask ? style.dim("  (runs a task)") : "") + "\n"
    }
    if events.isEmpty { text += "  none\n" }
    text += "  " + style.bold("q)") + " quit\n"
    Console.out(text)
  }

  /// A layer's stack; for a tab bar, each tab's stack, the selected one
  /// marked (`[feed*] feedHome › post  |  [profile] profileHome`).
  private func describe(_ layer: Layer) -> String {
    func names(_ screens: [ScreenInstance]) -> String {
      screens.map { graph[$0.screen].name }.joined(separator: " › ")
    }
    guard let tabsScreen = layer.tabsScreen, let tabs = graph[tabsScreen.screen].tabBar?.tabs
    else { return names(layer.screens) }
    let parts = zip(tabs.indices, layer.stacks).map { index, stack in
      let label = "[" + tabs[index].name + (index == layer.selected ? "*" : "") + "]"
      return (index == layer.selected ? style.bold(label) : label) + " " + names(stack.screens)
    }
    return graph[tabsScreen.screen].name + ": " + parts.joined(separator: "  |  ")
  }

  /// The event for the user's answer, asking for an action's params; `nil`
  /// when the answer was not understood (a message has been shown).
  private func event(for answer: String, _ events: [PossibleEvent], _ runner: FlowRunner) throws
    -> FlowEvent?
  {
    if let number = Int(answer) {
      guard number >= 1, number <= events.count else {
        throw InteractiveProblem.usage(
          "Type a number from 1 to \(events.count), an event, or quit.")
      }
      let chosen = events[number - 1]
      switch chosen.kind {
      case .back: return .back
      case .dismiss: return .dismiss
      case .tab: return .tab(String(chosen.name.dropFirst("tab:".count)))
      case .action:
        var arguments: [String: Value] = [:]
        for field in chosen.params {
          if let value = try FieldPrompt(graph: graph, style: style).ask(field) {
            arguments[field.name] = value
          }
        }
        return .action(chosen.name, arguments: arguments)
      }
    }
    let scripted: ScriptedEvent
    do {
      scripted = try EventScriptParser.parseOne(answer)
    } catch {
      throw InteractiveProblem.usage(
        "Cannot read '\(answer)' (column \(error.column)): \(error.message)")
    }
    let event = try setup.flowEvent(for: scripted, in: runner)
    // An action typed by name with some params left out: ask for those, as
    // when it is chosen by number.
    guard case .action(let name, var arguments) = event,
      let chosen = events.first(where: {
        if case .action = $0.kind { $0.name == name } else { false }
      })
    else { return event }
    for field in chosen.params where arguments[field.name] == nil {
      if let value = try FieldPrompt(graph: graph, style: style).ask(field) {
        arguments[field.name] = value
      }
    }
    return .action(name, arguments: arguments)
  }
}
