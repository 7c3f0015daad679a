/// A screen instance with the graph's names: what app code needs to build
/// a view for it (`screen.name`, `screen["postId"]`). A
/// ``NavigationMirror`` created with a graph hands one to its factory.
public struct ShownScreen: Hashable, Sendable, Identifiable {
  /// The instance (its identity, screen, flow and param values).
  public var instance: ScreenInstance
  /// The screen as the graph declares it (name, title, params, dismissible).
  public var screen: Screen
  /// The name of the flow that declares the screen.
  public var flowName: String

  /// The instance as shown in `graph`.
  public init(_ instance: ScreenInstance, in graph: FlowGraph) {
    self.instance = instance
    screen = graph[instance.screen]
    flowName = graph[screen.flow].name
  }

  /// The instance's identity.
  public var id: ScreenInstanceID { instance.id }

  /// The screen's name.
  public var name: String { screen.name }

  /// Equal when the instances are (the graph's declaration is not compared:
  /// a SwiftUI path of shown screens diffs cheaply).
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.instance == rhs.instance }

  public func hash(into hasher: inout Hasher) { hasher.combine(instance) }

  /// The value of a param by name (`.null` for an absent optional; `nil`
  /// when the screen has no such param).
  public subscript(param: String) -> Value? {
    guard let index = screen.params.firstIndex(where: { $0.name == param }),
      index < instance.params.count
    else { return nil }
    return instance.params[index]
  }
}

extension ScreenInstance {
  /// The value of a param by name, looked up in `graph` (`nil` when the
  /// screen has no such param).
  public subscript(param: String, in graph: FlowGraph) -> Value? {
    ShownScreen(self, in: graph)[param]
  }
}

extension NavigationMirror {
  /// Creates an empty mirror that turns each shown screen, with the graph's
  /// names, into an app screen with `makeScreen`.
  public convenience init(graph: FlowGraph, makeScreen: @escaping (ShownScreen) -> Screen) {
    self.init { instance in makeScreen(ShownScreen(instance, in: graph)) }
  }
}
