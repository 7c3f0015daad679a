// The UIKit and SwiftUI adapters of docs/embedding.md, compiled: the
// platform-neutral model everywhere (and tested on Linux), the code that
// needs UIKit or SwiftUI where those frameworks exist. Keep the docs in step:
// they show the code between each pair of markers unchanged
// (DocAdaptersTests checks it).
import FlowGraphCore
import Observation

// SWIFTUI MODEL BEGIN
/// The app's navigation for SwiftUI: one `NavigationStack` per layer (its
/// first screen the root, the others the path), each layer above the base
/// one a sheet of the layer below.
///
/// It owns the runner and the mirror; the runner holds the mirror (its
/// navigator) and the mirror calls back into the model weakly, so the model,
/// its runner and its mirror are released together.
@MainActor @Observable
final class FlowModel {
  /// The shown screens, one stack per layer, bottom first.
  private(set) var layers: [[ShownScreen]] = []
  let runner: FlowRunner
  @ObservationIgnored private let mirror: NavigationMirror<ShownScreen>

  init(graph: FlowGraph) {
    mirror = NavigationMirror(graph: graph) { $0 }
    runner = FlowRunner(graph: graph, navigator: mirror)
    mirror.onUpdate = { [weak self] update in self?.layers = update.layers }
    mirror.onResync = { [weak self] layers in self?.layers = layers }
  }

  /// Sends what the user did on a screen (a button).
  func send(_ event: FlowEvent) {
    Task { try await runner.send(event) }
  }

  /// SwiftUI set a shorter path on layer `index` (the back button, the edge
  /// swipe): the runtime pops (or says no, and the path is shown again).
  func userPopped(layer index: Int) {
    guard index == layers.count - 1 else { return }
    try? mirror.userDidSynchronously(.back, runner: runner)
  }

  /// SwiftUI closed the sheet of layer `index` (swiped down): the runtime
  /// ends its flow, and the parent's reaction (a push) is shown.
  func userDismissed(layer index: Int) {
    guard index == layers.count - 1, index > 0 else { return }
    do throws(RuntimeError) {
      try mirror.userDidSynchronously(.dismiss, runner: runner)
    } catch let error where error.code == .needsTask {
      // The parent answers with a task: send it asynchronously.
      Task { try await mirror.userDid(.dismiss, runner: runner) }
    } catch {}
  }

  /// Whether the layer's sheet may be swiped down.
  func isDismissible(layer index: Int) -> Bool {
    layers.indices.contains(index) ? layers[index][0].screen.dismissible : true
  }
}
// SWIFTUI MODEL END

#if canImport(SwiftUI)
  import SwiftUI

  // SWIFTUI VIEWS BEGIN
  extension FlowModel {
    /// The path of layer `index` (its screens after the root), as SwiftUI binds it.
    func path(_ index: Int) -> Binding<[ShownScreen]> {
      Binding(
        get: { self.layers.indices.contains(index) ? Array(self.layers[index].dropFirst()) : [] },
        set: { path in
          if self.layers.indices.contains(index), path.count < self.layers[index].count - 1 {
            self.userPopped(layer: index)
          }
        })
    }

    /// Whether layer `index` is shown as a sheet.
    func isPresented(_ index: Int) -> Binding<Bool> {
      Binding(
        get: { self.layers.count > index },
        set: { shown in if !shown { self.userDismissed(layer: index) } })
    }
  }

  struct LayerView: View {
    let model: FlowModel
    let index: Int

    var body: some View {
      if model.layers.indices.contains(index) {
        NavigationStack(path: model.path(index)) {
          ScreenView(screen: model.layers[index][0], model: model)
            .navigationDestination(for: ShownScreen.self) { ScreenView(screen: $0, model: model) }
        }
        .sheet(isPresented: model.isPresented(index + 1)) {
          LayerView(model: model, index: index + 1)
            .interactiveDismissDisabled(!model.isDismissible(layer: index + 1))
        }
      }
    }
  }

  /// The app's views, chosen by screen name.
  struct ScreenView: View {
    let screen: ShownScreen
    let model: FlowModel

    var body: some View {
      switch screen.name {
      case "feed":
        Button("Open post 42") { model.send(.action("postSelected", arguments: ["postId": 42])) }
      case "post": Text("Post \(screen["postId"]?.int ?? 0)")
      default: Text(screen.screen.title ?? screen.name)
      }
    }
  }
// SWIFTUI VIEWS END
#endif

#if canImport(UIKit)
  import UIKit

  // UIKIT BEGIN
  /// Shows the runtime's navigation with UIKit: one `UINavigationController`
  /// per layer, the base one as the window's root, each modal layer presented
  /// over the one below. It owns the runner; the runner holds the mirror,
  /// which calls back weakly (no cycle).
  @MainActor
  final class UIKitNavigator: NSObject {
    let runner: FlowRunner
    private let window: UIWindow
    private let mirror: NavigationMirror<UIViewController>
    /// One navigation controller per layer, bottom first.
    private var layers: [UINavigationController] = []

    init(
      window: UIWindow, graph: FlowGraph,
      makeViewController: @escaping (ShownScreen) -> UIViewController
    ) {
      self.window = window
      mirror = NavigationMirror(graph: graph, makeScreen: makeViewController)
      runner = FlowRunner(graph: graph, navigator: mirror)
      super.init()
      mirror.onUpdate = { [weak self] update in self?.show(update) }
      mirror.onResync = { [weak self] stacks in self?.showAgain(stacks) }
    }

    /// Makes one change in UIKit, unless the user made it already there.
    private func show(_ update: NavigationMirror<UIViewController>.Update) {
      switch update.change {
      case .dismiss(let count) where update.madeByUser:
        layers.removeLast(count)  // UIKit closed the sheet already.
      case _ where update.madeByUser:
        break  // UIKit popped already.
      case .push(let controller):
        layers.last?.pushViewController(controller, animated: true)
      case .pop(let count):
        guard let navigation = layers.last else { return }
        let target = navigation.viewControllers[navigation.viewControllers.count - 1 - count]
        navigation.popToViewController(target, animated: true)
      case .replace, .setRoot:
        layers.last?.setViewControllers(update.layers.last ?? [], animated: true)
      case .present(let controller):
        let navigation = UINavigationController(rootViewController: controller)
        navigation.delegate = self
        // The swipe-down gesture only when the layer's first screen is dismissible.
        let screen = mirror.instances.last.map { runner.graph[$0[0].screen] }
        navigation.isModalInPresentation = !(screen?.dismissible ?? true)
        navigation.presentationController?.delegate = self
        if let top = layers.last {
          top.present(navigation, animated: true)
        } else {
          window.rootViewController = navigation
        }
        layers.append(navigation)
      case .dismiss(let count):
        let remaining = layers.count - count
        if remaining == 0 {
          window.rootViewController = nil
        } else {
          // Dismissing from the layer below closes everything presented above it.
          layers[remaining - 1].dismiss(animated: true)
        }
        layers.removeLast(count)
      }
    }

    /// The runtime did not make a change the user made: show its stacks again.
    private func showAgain(_ stacks: [[UIViewController]]) {
      for (navigation, stack) in zip(layers, stacks) {
        navigation.setViewControllers(stack, animated: true)
      }
    }
  }

  extension UIKitNavigator: UINavigationControllerDelegate {
    // The back button or the edge swipe popped a screen: tell the runtime.
    func navigationController(
      _ navigationController: UINavigationController, didShow viewController: UIViewController,
      animated: Bool
    ) {
      guard navigationController === layers.last, let stack = mirror.layers.last,
        navigationController.viewControllers.count < stack.count
      else { return }
      try? mirror.userDidSynchronously(.back, runner: runner)
    }
  }

  extension UIKitNavigator: UIAdaptivePresentationControllerDelegate {
    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController)
      -> Bool
    {
      runner.possibleEvents().contains { $0.kind == .dismiss }
    }

    // The user swiped the sheet down: UIKit closed it; the runtime ends its
    // flow, and what the parent does next (a push) is shown.
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
      do throws(RuntimeError) {
        try mirror.userDidSynchronously(.dismiss, runner: runner)
      } catch let error where error.code == .needsTask {
        // The parent answers with a task: send it asynchronously.
        Task { try await mirror.userDid(.dismiss, runner: runner) }
      } catch {}
    }
  }
// UIKIT END
#endif
