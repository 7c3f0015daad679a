import FlowGraphCore
import FlowGraphYAML
import Foundation

// `Onboarding` is generated from onboarding.yaml by FlowGraphPlugin at build time.

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

let flowFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("onboarding.yaml").path
let loaded = try FlowGraphLoader().validate(path: flowFile)
guard let graph = loaded.graph, !loaded.diagnostics.hasErrors else {
  fatalError("onboarding.yaml has errors")
}
let runner = try Onboarding.Runner(graph: graph, navigator: PrintingNavigator())
try await runner.start()
try await runner.send(.nextToPage2ButtonPressed)
try await runner.send(.skipButtonPressed)
print("finished: \(runner.result.map { "\($0)" } ?? "no")")
