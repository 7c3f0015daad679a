import FlowGraphCore
import Foundation

// FlowGraphPlugin generates, at build time, `Onboarding` (the typed API of
// onboarding.yaml) and onboarding.yaml.fgc (its compiled graph in the launch
// format, a resource): the app ships the core alone, without the YAML front end,
// and loads the graph at launch in microseconds.

/// Prints each change with its typed screen.
final class PrintingNavigator: Onboarding.Navigator {
  func apply(_ change: Onboarding.NavigationChange) {
    switch change {
    case .push(let screen), .present(let screen), .replace(let screen):
      print("show \(title(of: screen))")
    case .setRoot(let screen, _):
      print("root \(title(of: screen))")
    case .pop(let count): print("pop \(count)")
    case .dismiss(let count): print("dismiss \(count)")
    case .tabs: break  // this app has no tab bar
    }
  }

  func title(of screen: Onboarding.Screen) -> String {
    switch screen {
    case .page1: "Welcome"
    case .page2: "Features"
    case .page3: "Get started"
    }
  }
}

guard let url = Bundle.module.url(forResource: "onboarding.yaml", withExtension: "fgc") else {
  fatalError("the compiled graph is missing")
}
let graph = try CompiledGraph.decode(Array(try Data(contentsOf: url)))
let runner = try Onboarding.Runner(graph: graph, navigator: PrintingNavigator())
try await runner.start()
try await runner.send(.nextToPage2ButtonPressed)
try await runner.send(.skipButtonPressed)
print("finished: \(runner.result.map { "\($0)" } ?? "no")")
