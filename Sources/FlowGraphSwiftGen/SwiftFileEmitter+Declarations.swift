import FlowGraphCore

extension SwiftFileEmitter {
  func emitScreens(into writer: inout SwiftCodeWriter) {
    writer.line()
    writer.doc(
      "A screen of any flow, with its params: a navigator builds its views with an exhaustive `switch`."
    )
    writer.block("\(typeModifier)enum Screen: Hashable, Sendable") { writer in
      for (index, item) in plan.screens.enumerated() {
        let screen = graph[item.id]
        if index > 0 { writer.line() }
        var origin = "Screen `\(screen.name)` of flow `\(graph[screen.flow].name)`."
        if let bar = screen.tabBar {
          origin += " A tab bar: " + bar.tabs.map { "`\($0.name)`" }.joined(separator: ", ") + "."
        }
        if let deeplink = screen.deeplink { origin += " Deep link: `\(deeplink)`." }
        writer.doc(paragraphs: [screen.title, screen.description, origin])
        writer.line("case \(SwiftName.escaped(item.name))\(associatedValues(screen.params))")
      }
    }
  }

  func emitEvents(into writer: inout SwiftCodeWriter) {
    writer.line()
    writer.doc(
      paragraphs: [
        "Something the user does on the current screen: one of its actions with the action's params, or a system event.",
        "A file with tabs also has `tab(Tab)`; a file with deep links also has `open(URL)` and `cancelPendingLink`.",
      ])
    writer.block("\(typeModifier)enum Event: Hashable, Sendable") { writer in
      for item in plan.events {
        let places = item.screens.map { id in
          "`\(graph[id].name)` (flow `\(graph[graph[id].flow].name)`)"
        }
        writer.doc("Action `\(item.action)` of \(places.joined(separator: ", ")).")
        writer.line("case \(SwiftName.escaped(item.name))\(associatedValues(item.params))")
      }
      writer.doc("The system back button or edge swipe.")
      writer.line("case back")
      writer.doc("The swipe-down gesture on the top modal layer.")
      writer.line("case dismiss")
      if !plan.tabs.isEmpty {
        writer.doc(
          "Selects a tab of the top tab bar; selecting the selected tab pops its stack to its first screen (SPEC §6.1)."
        )
        writer.line("case tab(Tab)")
      }
      if graph.hasDeepLinks {
        writer.doc(
          "Opens a deep link: resets to the entry flow and follows the link's route (SPEC §6.2).")
        writer.line("case open(URL)")
        writer.doc("Drops the pending deep link, if any.")
        writer.line("case cancelPendingLink")
      }
    }
  }

  func emitTabs(into writer: inout SwiftCodeWriter) {
    guard !plan.tabs.isEmpty else { return }
    writer.line()
    writer.doc(
      "A tab of a tab bar, by name: what ``Event/tab(_:)`` selects in the top tab bar (SPEC §6.1)."
    )
    writer.block("\(typeModifier)enum Tab: String, Hashable, Sendable, CaseIterable") { writer in
      for (index, item) in plan.tabs.enumerated() {
        if index > 0 { writer.line() }
        // One title is the headline; tab bars that title the tab differently
        // each say theirs.
        let titles = Set(item.places.compactMap(\.title))
        let places = item.places.map { place in
          let title = titles.count > 1 ? place.title.map { ", titled \"\($0)\"" } ?? "" : ""
          return
            "`\(graph[place.screen].name)` (flow `\(graph[graph[place.screen].flow].name)`\(title))"
        }
        writer.doc(
          paragraphs: [
            titles.count == 1 ? titles.first : nil,
            "Tab `\(item.dslName)` of \(places.joined(separator: ", ")).",
          ])
        let raw = item.name == item.dslName ? "" : " = \(literal(item.dslName))"
        writer.line("case \(SwiftName.escaped(item.name))\(raw)")
      }
    }
  }

  func emitFlows(into writer: inout SwiftCodeWriter) {
    writer.line()
    writer.doc("A flow to start, with its input.")
    writer.block("\(typeModifier)enum Flow: Hashable, Sendable") { writer in
      for item in plan.flows {
        let isEntry = graph.entry.map { graph[$0].name == item.flow.name } ?? false
        writer.doc(
          paragraphs: [
            item.flow.description, "Flow `\(item.flow.name)`\(isEntry ? ", the entry" : "").",
          ])
        writer.line("case \(SwiftName.escaped(item.name))\(associatedValues(item.flow.input))")
      }
    }
    for item in plan.flows {
      writer.line()
      writer.doc("How flow `\(item.flow.name)` can end (`dismissed` is built in).")
      writer.block("\(typeModifier)enum \(item.resultType): Hashable, Sendable") { writer in
        for result in item.results {
          writer.line("case \(SwiftName.escaped(result.name))\(associatedValues(result.fields))")
        }
      }
    }
    writer.line()
    writer.doc("How a flow ended.")
    writer.block("\(typeModifier)enum FlowResult: Hashable, Sendable") { writer in
      for item in plan.flows {
        writer.line("case \(SwiftName.escaped(item.name))(\(item.resultType))")
      }
    }
  }

  func emitTasks(into writer: inout SwiftCodeWriter) {
    for task in plan.tasks {
      writer.line()
      writer.doc("What task `\(task.definition.name)` may decide.")
      writer.block("\(typeModifier)enum \(task.outcomeType): Hashable, Sendable") { writer in
        for outcome in task.outcomes {
          writer.line("case \(SwiftName.escaped(outcome.name))\(associatedValues(outcome.fields))")
        }
      }
    }
    guard !plan.tasks.isEmpty else { return }
    writer.line()
    writer.doc(
      paragraphs: [
        "The Swift hooks of the tasks: each decides one of its task's outcomes.",
        "A hook that throws abandons the step; the state is unchanged and `Runner.send(_:)` rethrows.",
      ])
    writer.block("\(typeModifier)protocol TaskHooks: Sendable") { writer in
      for (index, task) in plan.tasks.enumerated() {
        if index > 0 { writer.line() }
        writer.doc("Task `\(task.definition.name)`.")
        writer.line(
          "func \(SwiftName.escaped(task.method))(\(parameterList(task.definition.input))) async throws -> \(task.outcomeType)"
        )
      }
    }
  }

  func emitNavigation(into writer: inout SwiftCodeWriter) {
    writer.line()
    writer.doc(
      paragraphs: [
        "One change to what the user sees, with typed screens: the runtime's `NavigationChange`.",
        "Every change acts on the top layer's stack as it is after the changes before it; the first `present` opens the base layer.",
      ])
    writer.line("\(modifier)typealias NavigationChange = FlowGraphCore.ScreenChange<Screen>")
    writer.line()
    writer.doc(
      paragraphs: [
        "Mirrors the run in the UI: receives each change, in order, after its step is committed.",
        "Conform with `func apply(_ change: NavigationChange)`; a main-actor class with `extension MyNavigator: @MainActor Navigator`.",
      ])
    writer.line("\(modifier)typealias Navigator = FlowGraphCore.ScreenNavigator")
  }
}
