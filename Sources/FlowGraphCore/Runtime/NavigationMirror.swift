/// The platform-neutral half of an app's navigator: applies the runtime's
/// ``NavigationChange``s to stacks of the app's own screen values, one stack
/// per modal layer (bottom first), and hands each change, with the app's
/// screens, to a thin UIKit or SwiftUI adapter (see docs/embedding.md).
///
/// Set it as the runner's navigator. What the user does in the UI itself
/// (swiping back, swiping a sheet down) is sent with
/// ``userDid(_:runner:isolation:)`` (or ``userDidSynchronously(_:runner:isolation:)``): the change the UI already made is applied to
/// the stacks but reported with ``Update/madeByUser`` set, so the adapter
/// skips it, while the follow-up changes of the same step (a parent flow
/// that reacts to its child's dismissal by pushing a screen) are reported as
/// usual, so UI and runtime agree.
///
/// The mirror holds no reference to the runner or the adapter (``onUpdate``
/// should capture its owner weakly), so an owner that holds both the runner
/// and the mirror forms no cycle.
public final class NavigationMirror<Screen>: Navigator {
  /// One change of the mirror's stacks, in the app's screens.
  public enum Change {
    /// `screen` was pushed onto the top layer's stack.
    case push(Screen)
    /// `count` screens were popped off the top layer's stack.
    case pop(count: Int)
    /// The top layer's top screen became `screen`.
    case replace(Screen)
    /// The top layer's stack became its first `keeping` screens and `screen`.
    case setRoot(Screen, keeping: Int)
    /// A layer whose stack is `[screen]` was opened on top.
    case present(Screen)
    /// The top `count` layers were closed.
    case dismiss(count: Int)
    /// A tab bar was shown (SPEC §6.1): a new layer on top (`opensLayer`) or
    /// the top layer; its tabs' stacks and the selected tab.
    case tabsShown(stacks: [[Screen]], selected: Int, opensLayer: Bool)
    /// The top layer's selected tab became `index`.
    case tabSelected(Int)
    /// Tab `tab` of layer `layer` now holds `screens` (its flow restarted).
    case tabStackReset(layer: Int, tab: Int, screens: [Screen])
    /// The top layer's tab bar became a plain stack holding only `screen`.
    case tabBarReplaced(by: Screen)
  }

  /// A change and whether the UI already shows it.
  public struct Update {
    /// The change.
    public var change: Change
    /// Whether the user made it in the UI (which already shows it): the
    /// adapter must not make it again.
    public var madeByUser: Bool
    /// The stacks after the change, bottom layer first.
    public var layers: [[Screen]]
  }

  /// A change the user can make in the UI before the runtime hears of it.
  public enum UserChange: Hashable, Sendable {
    /// The user popped the top screen (the back button, the edge swipe).
    case back
    /// The user closed the top layer (swiped a sheet down).
    case dismiss
  }

  /// The app's screens, one stack per layer, bottom layer first (for a tab
  /// bar, its selected tab's stack).
  public private(set) var layers: [[Screen]] = []
  /// For each layer that is a tab bar: every tab's stack (the selected one
  /// is ``layers``' entry) and the selected tab; `nil` for a plain layer.
  private var tabBars: [(stacks: [[Screen]], instances: [[ScreenInstance]], selected: Int)?] = []
  /// The runtime's screen instances, in the same shape as ``layers``.
  public private(set) var instances: [[ScreenInstance]] = []
  /// Called after each change (on the runner's isolation).
  public var onUpdate: ((Update) -> Void)?
  /// Called when the UI may show something other than ``layers``: the user
  /// made a change that the runtime did not make (it refused the event, or
  /// did something else); the adapter should rebuild its UI from ``layers``.
  public var onResync: (([[Screen]]) -> Void)?

  private let makeScreen: (ScreenInstance) -> Screen
  /// The change the user already made, until the runtime makes it.
  private var expected: NavigationChange?

  /// Creates an empty mirror that turns each shown screen instance into an
  /// app screen with `makeScreen` (called once per instance shown).
  public init(makeScreen: @escaping (ScreenInstance) -> Screen) {
    self.makeScreen = makeScreen
  }

  /// The top layer's top screen.
  public var top: Screen? { layers.last?.last }

  /// Applies one change (the runner calls it).
  public func apply(_ change: NavigationChange) {
    let madeByUser = expected == change
    if madeByUser { expected = nil }
    let mirrored = perform(change)
    onUpdate?(Update(change: mirrored, madeByUser: madeByUser, layers: layers))
  }

  /// Sends the event for a change that the user already made in the UI,
  /// for example `userDid(.dismiss) { try runner.sendSynchronously(.dismiss) }`.
  /// When the step does not make that change (the event is refused or leads
  /// elsewhere), ``onResync`` is called, so that the UI shows the runtime's
  /// stacks again; the error, if any, is rethrown.
  public func userDid<Failure: Error>(
    _ change: UserChange, send: () throws(Failure) -> Void
  ) throws(Failure) {
    expected =
      switch change {
      case .back: .pop(count: 1)
      case .dismiss: .dismiss(count: 1)
      }
    defer { resyncIfUnmade() }
    try send()
  }

  /// Asks the adapter to show the stacks again when the step did not make
  /// the change the user made.
  private func resyncIfUnmade() {
    if expected != nil {
      expected = nil
      onResync?(layers)
    }
  }

  /// Sends `.back` or `.dismiss` for a change the user already made (see
  /// ``userDid(_:send:)``) through `runner`'s synchronous send (UIKit's
  /// delegate callbacks are synchronous); a step that runs a task throws
  /// ``RuntimeError/Code/needsTask``: use ``userDid(_:runner:isolation:)``.
  public func userDidSynchronously(
    _ change: UserChange, runner: FlowRunner, isolation: isolated (any Actor)? = #isolation
  ) throws(RuntimeError) {
    try userDid(change) { () throws(RuntimeError) in
      try runner.sendSynchronously(change == .back ? .back : .dismiss, isolation: isolation)
    }
  }

  /// Sends `.back` or `.dismiss` for a change the user already made through
  /// `runner`'s asynchronous send: for a step that may run a task (the
  /// parent answers the dismissal with a `run:`).
  public func userDid(
    _ change: UserChange, runner: FlowRunner, isolation: isolated (any Actor)? = #isolation
  ) async throws(RuntimeError) {
    expected = change == .back ? .pop(count: 1) : .dismiss(count: 1)
    defer { resyncIfUnmade() }
    try await runner.send(change == .back ? .back : .dismiss, isolation: isolation)
  }

  /// Forgets every layer without telling the adapter (before the mirror is
  /// attached again to a runner that replays its state).
  public func removeAll() {
    layers.removeAll()
    instances.removeAll()
    tabBars.removeAll()
  }

  /// Every tab's stack of layer `layer` when it is a tab bar (`nil` otherwise).
  public func tabStacks(ofLayer layer: Int) -> (stacks: [[Screen]], selected: Int)? {
    guard layer >= 0, layer < tabBars.count, var bar = tabBars[layer] else { return nil }
    bar.stacks[bar.selected] = layers[layer]
    return (bar.stacks, bar.selected)
  }

  private func perform(_ change: NavigationChange) -> Change {
    let top = layers.count - 1
    check(change)
    switch change {
    case .push(let instance):
      let screen = makeScreen(instance)
      layers[top].append(screen)
      instances[top].append(instance)
      return .push(screen)
    case .pop(let count):
      layers[top].removeLast(count)
      instances[top].removeLast(count)
      return .pop(count: count)
    case .replace(let instance):
      let screen = makeScreen(instance)
      layers[top][layers[top].count - 1] = screen
      instances[top][instances[top].count - 1] = instance
      return .replace(screen)
    case .setRoot(let instance, let keeping):
      let screen = makeScreen(instance)
      layers[top] = Array(layers[top].prefix(keeping)) + [screen]
      instances[top] = Array(instances[top].prefix(keeping)) + [instance]
      return .setRoot(screen, keeping: keeping)
    case .present(let instance):
      let screen = makeScreen(instance)
      layers.append([screen])
      instances.append([instance])
      tabBars.append(nil)
      return .present(screen)
    case .dismiss(let count):
      layers.removeLast(count)
      instances.removeLast(count)
      tabBars.removeLast(count)
      return .dismiss(count: count)
    case .tabs(let tabs):
      return perform(tabs)
    }
  }

  private func perform(_ change: TabsChange) -> Change {
    let top = layers.count - 1
    switch change {
    case .shown(let shown):
      let stacks = shown.stacks.map { $0.map(makeScreen) }
      let bar = (stacks: stacks, instances: shown.stacks, selected: shown.selected)
      if shown.opensLayer {
        layers.append(stacks[shown.selected])
        instances.append(shown.stacks[shown.selected])
        tabBars.append(bar)
      } else {
        layers[top] = stacks[shown.selected]
        instances[top] = shown.stacks[shown.selected]
        tabBars[top] = bar
      }
      return .tabsShown(stacks: stacks, selected: shown.selected, opensLayer: shown.opensLayer)
    case .selected(let index):
      if var bar = tabBars[top] {
        bar.stacks[bar.selected] = layers[top]
        bar.instances[bar.selected] = instances[top]
        bar.selected = index
        layers[top] = bar.stacks[index]
        instances[top] = bar.instances[index]
        tabBars[top] = bar
      }
      return .tabSelected(index)
    case .stackReset(let layer, let tab, let shown):
      let screens = shown.map(makeScreen)
      if tabBars[layer]?.selected == tab {
        layers[layer] = screens
        instances[layer] = shown
      } else {
        tabBars[layer]?.stacks[tab] = screens
        tabBars[layer]?.instances[tab] = shown
      }
      return .tabStackReset(layer: layer, tab: tab, screens: screens)
    case .replaced(let instance):
      let screen = makeScreen(instance)
      layers[top] = [screen]
      instances[top] = [instance]
      tabBars[top] = nil
      return .tabBarReplaced(by: screen)
    }
  }
}

extension NavigationMirror {
  /// Stops with a message when `change` does not fit the stacks: the mirror
  /// missed earlier changes (it was set as the navigator of a started run
  /// instead of attached with ``FlowRunner/attach(_:isolation:)``).
  private func check(_ change: NavigationChange) {
    let fits: Bool
    switch change {
    case .present: fits = true
    case .push: fits = !layers.isEmpty
    case .replace: fits = layers.last?.isEmpty == false
    case .setRoot(_, let keeping): fits = (layers.last?.count ?? -1) >= keeping
    case .pop(let count):
      // A tab's stack may empty inside a step: its flow ended and restarts.
      let isTabBar = tabBars.last.flatMap { $0 } != nil
      fits = (layers.last?.count ?? 0) > count || (isTabBar && (layers.last?.count ?? 0) >= count)
    case .dismiss(let count): fits = layers.count >= count
    case .tabs(.shown(let shown)): fits = shown.opensLayer || !layers.isEmpty
    case .tabs(.selected): fits = layers.last != nil && tabBars.last.flatMap { $0 } != nil
    case .tabs(.stackReset(let layer, _, _)): fits = layer < tabBars.count && tabBars[layer] != nil
    case .tabs(.replaced): fits = tabBars.last.flatMap { $0 } != nil
    }
    precondition(
      fits,
      "NavigationMirror: \(change) does not fit stacks of sizes \(layers.map(\.count)); "
        + "the mirror missed earlier changes (attach it to a started run with runner.attach(_:))")
  }
}

extension NavigationMirror.Change: Equatable where Screen: Equatable {}
extension NavigationMirror.Change: Hashable where Screen: Hashable {}
extension NavigationMirror.Update: Equatable where Screen: Equatable {}
