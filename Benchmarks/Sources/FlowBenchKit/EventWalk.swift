/// A deterministic stream of events through a generated graph: a random walk
/// that goes down (push, present, start a child flow) and back up (the system
/// back, a `pop` button, the dismiss gesture, a `dismiss` button), never
/// taking an action that needs arguments or a task outcome. After `count`
/// events it goes back up to the entry flow's first screen, where it began,
/// so that it can be replayed any number of times.
public struct EventWalk: Sendable {
  /// Which events the walk may use.
  public enum Scope: String, Sendable, CaseIterable {
    /// Only pushes without params and pops (`back` or a `pop` button), in the
    /// entry flow: the runtime's common path.
    case pushPop
    /// Also help sheets (present, dismiss) and child flows started with
    /// `mode: push` or `present` and ended with back or the gesture.
    case mixed
  }

  /// One event, as `flowgraph run --events` writes it.
  public enum Event: Hashable, Sendable {
    /// A user action without arguments.
    case action(String)
    /// The system back.
    case back
    /// The dismiss gesture.
    case dismiss

    /// The event's text.
    public var text: String {
      switch self {
      case .action(let name): name
      case .back: "back"
      case .dismiss: "dismiss"
      }
    }
  }

  /// The events, in order.
  public let events: [Event]
  /// The deepest the walk went (screens on the stack, all layers).
  public let maximumDepth: Int

  private enum Place: Equatable {
    case tree(Int)
    case sheet(Int)
  }

  private enum Arrival {
    case root, push
    case presentSheet(Int)
    case startPush, startPresent
  }

  private struct Frame {
    var flow: Int
    var place: Place
    var arrival: Arrival
  }

  /// Walks `count` events through `layout` from the entry flow's first
  /// screen, then back up to it (the events back up are added).
  public init(
    layout: FlowLayout, count: Int, scope: Scope, seed: UInt64 = 0x5EED_F10E,
    depthLimit: Int = 48
  ) {
    var random = SplitMix64(seed: seed)
    var stack = [Frame(flow: 0, place: .tree(0), arrival: .root)]
    var events: [Event] = []
    events.reserveCapacity(count)
    var maximumDepth = 1
    while events.count < count {
      let top = stack[stack.count - 1]
      let downs = Self.downs(from: top, layout: layout, scope: scope)
      let up = Self.up(from: top, layout: layout, random: &random)
      let goDown =
        !downs.isEmpty && (up == nil || (stack.count < depthLimit && random.below(10) < 6))
      if goDown {
        let (event, frame) = downs[random.below(downs.count)]
        events.append(event)
        stack.append(frame)
        maximumDepth = max(maximumDepth, stack.count)
      } else if let up {
        events.append(up)
        stack.removeLast()
      } else {
        preconditionFailure("the walk is stuck on a screen with no way on")
      }
    }
    // Back up to the first screen, so that the walk can be replayed from where it began.
    while stack.count > 1 {
      guard let up = Self.up(from: stack[stack.count - 1], layout: layout, random: &random) else {
        preconditionFailure("a screen above the first one has no way back")
      }
      events.append(up)
      stack.removeLast()
    }
    self.events = events
    self.maximumDepth = maximumDepth
  }

  private static func downs(
    from top: Frame, layout: FlowLayout, scope: Scope
  ) -> [(Event, Frame)] {
    guard case .tree(let t) = top.place else { return [] }
    var downs: [(Event, Frame)] = []
    for child in layout.children(of: t) where !layout.takesItem(child) {
      downs.append(
        (
          .action(layout.pushActionName(child)),
          Frame(flow: top.flow, place: .tree(child), arrival: .push)
        ))
    }
    guard scope == .mixed else { return downs }
    if let m = layout.sheet(presentedBy: t) {
      downs.append(
        (
          .action("helpButtonPressed"),
          Frame(flow: top.flow, place: .sheet(m), arrival: .presentSheet(m))
        ))
    }
    for child in layout.childFlows(of: top.flow)
    where layout.starterScreen(of: child) == t && !layout.startsWithTask(child) {
      let arrival: Arrival = layout.isPresented(child) ? .startPresent : .startPush
      downs.append(
        (
          .action(layout.startActionName(child)),
          Frame(flow: child, place: .tree(0), arrival: arrival)
        ))
    }
    return downs
  }

  private static func up(
    from top: Frame, layout: FlowLayout, random: inout SplitMix64
  ) -> Event? {
    switch top.arrival {
    case .root: nil
    case .push: random.below(2) == 0 ? .back : .action("closeButtonPressed")
    case .startPush: .back
    case .presentSheet(let m):
      layout.isDismissible(sheet: m) ? .dismiss : .action("doneButtonPressed")
    case .startPresent: .dismiss
    }
  }

  /// The events, one a line.
  public var text: String {
    var out = ""
    out.reserveCapacity(events.count * 16)
    for event in events {
      out += event.text
      out += "\n"
    }
    return out
  }
}
