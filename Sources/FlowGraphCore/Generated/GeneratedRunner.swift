/// The conversions between the typed API of one flow file that
/// `flowgraph generate swift` writes and the runtime: the namespace's
/// `Bridge` adopts this protocol, and ``GeneratedRunner`` drives a
/// ``FlowRunner`` with it (`LoginApp.Runner` is
/// `GeneratedRunner<LoginApp.Bridge>`).
///
/// The associated types are the namespace's own `Screen`, `Event`, `Flow` and
/// `FlowResult` enums; the requirements turn them into the runtime's values
/// and back. Meant for generated code: app code uses the typed runner (and
/// ``GeneratedRunner/screen(_:)`` to type a screen instance the runtime gives
/// it, such as a tab bar's stacks in ``TabsChange/shown(_:)``).
public protocol GeneratedAPI {
  /// A screen of any flow, with its params.
  associatedtype Screen: Hashable & Sendable
  /// An action of a screen with its params, or a system event.
  associatedtype Event: Hashable & Sendable
  /// A flow to start, with its input.
  associatedtype Flow: Hashable & Sendable
  /// How a flow ended.
  associatedtype FlowResult: Hashable & Sendable
  /// What answers the tasks: the namespace's `any TaskHooks`, or `Void` for
  /// flows that run no task (the generated file then adds an initializer
  /// without hooks, so that forgetting the hooks of flows that have tasks is
  /// the compiler's "missing argument for parameter 'hooks'").
  associatedtype Hooks = Void

  /// Throws unless `graph` declares exactly what the API was generated from
  /// (``FlowGraph/requireShape(_:generatedAs:)``).
  static func checkShape(of graph: FlowGraph) throws
  /// The typed screen of a screen instance of a graph that passed ``checkShape(of:)``.
  static func screen(_ instance: ScreenInstance) -> Screen
  /// The runtime's event for a typed event.
  static func flowEvent(_ event: Event) -> FlowEvent
  /// The name and the input by field name of a flow to start.
  static func flowStart(_ flow: Flow) -> (name: String, input: [String: Value])
  /// How the run's root flow ended, once it has.
  static func result(of state: FlowState) -> FlowResult?
  /// Registers `hooks` as the task hooks of `runner`.
  static func register(_ hooks: Hooks, on runner: FlowRunner) throws
}

extension GeneratedAPI where Hooks == Void {
  /// Flows that run no task have no hooks to register.
  public static func register(_ hooks: Void, on runner: FlowRunner) {}
}

/// Runs the flows of a generated API with typed events, screens and hooks: a
/// ``FlowRunner`` underneath (one runtime). Each generated namespace names it
/// `Runner` (`typealias Runner = GeneratedRunner<Bridge>` in `LoginApp`).
///
/// Not `Sendable`: create and use it in one isolation domain, typically the
/// main actor; the navigator is called there.
public final class GeneratedRunner<API: GeneratedAPI> {
  /// The runner underneath: state saving and restoration, step records,
  /// lifecycle hooks.
  public let base: FlowRunner

  /// What the UI mirrors, told each change with typed screens (held strongly).
  public var navigator: (any ScreenNavigator<API.Screen>)? {
    didSet { base.navigator = Self.adapter(for: navigator) }
  }

  /// Creates a runner for `graph`, the graph of the flow files the API was
  /// generated from (loaded from YAML or from the launch format), with the
  /// task hooks (`()` for flows without tasks, whose generated API also has
  /// `init(graph:navigator:hookTimeout:isolation:)`).
  ///
  /// Throws when the graph's screens, tab bars, flows, tasks or types are
  /// not the ones the API declares.
  public init(
    graph: FlowGraph, hooks: API.Hooks, navigator: (any ScreenNavigator<API.Screen>)? = nil,
    hookTimeout: Duration? = FlowRunner.defaultHookTimeout,
    isolation: isolated (any Actor)? = #isolation
  ) throws {
    try API.checkShape(of: graph)
    base = FlowRunner(
      graph: graph, navigator: Self.adapter(for: navigator), hookTimeout: hookTimeout,
      isolation: isolation)
    self.navigator = navigator
    try API.register(hooks, on: base)
  }

  /// Starts the run with a flow and its input. Throws ``RuntimeError``
  /// (typed, as ``FlowRunner``'s).
  public func start(_ flow: API.Flow, isolation: isolated (any Actor)? = #isolation)
    async throws(RuntimeError)
  {
    let (name, input) = API.flowStart(flow)
    try await base.start(flow: name, input: input, isolation: isolation)
  }

  /// Sends an event; returns once its step is committed and the navigator
  /// told. Throws, with the state unchanged, when the event is not possible
  /// now or a task hook fails (a ``RuntimeError``: typed, as ``FlowRunner``'s).
  public func send(_ event: API.Event, isolation: isolated (any Actor)? = #isolation)
    async throws(RuntimeError)
  {
    try await base.send(API.flowEvent(event), isolation: isolation)
  }

  /// Sends an event that runs no task, without waiting (throws when it would
  /// run one).
  public func sendSynchronously(
    _ event: API.Event, isolation: isolated (any Actor)? = #isolation
  ) throws(RuntimeError) {
    try base.sendSynchronously(API.flowEvent(event), isolation: isolation)
  }

  /// The screen the user is on.
  public var currentScreen: API.Screen? {
    base.currentScreen.map(API.screen)
  }

  /// The modal layers, bottom to top, each its (selected tab's) stack of
  /// screens bottom to top.
  public var layers: [[API.Screen]] {
    base.state.layers.map { layer in layer.screens.map(API.screen) }
  }

  /// How the run's root flow ended, once it has.
  public var result: API.FlowResult? {
    API.result(of: base.state)
  }

  /// The typed screen of a screen instance of the graph, such as those of a
  /// ``TabsChange`` (`LoginApp.Runner.screen(shown.screen)`).
  public static func screen(_ instance: ScreenInstance) -> API.Screen {
    API.screen(instance)
  }

  private static func adapter(for navigator: (any ScreenNavigator<API.Screen>)?)
    -> (any Navigator)?
  {
    navigator.map { ScreenNavigatorAdapter($0, screen: API.screen) }
  }
}
