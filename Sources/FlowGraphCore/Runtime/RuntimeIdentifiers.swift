/// The identity of one live flow instance in a run (unique for the run's
/// lifetime, never reused).
public struct FlowInstanceID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  /// The instance number, in start order.
  public let rawValue: Int
  /// Creates an id.
  public init(_ rawValue: Int) { self.rawValue = rawValue }
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
  public var description: String { "flow-instance#\(rawValue)" }
  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(Int.self)
  }
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

/// The identity of one shown screen in a run (unique for the run's lifetime):
/// two pushes of the same screen with the same params are two instances.
public struct ScreenInstanceID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  /// The instance number, in show order.
  public let rawValue: Int
  /// Creates an id.
  public init(_ rawValue: Int) { self.rawValue = rawValue }
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
  public var description: String { "screen-instance#\(rawValue)" }
  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(Int.self)
  }
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

/// One action of one screen, by dense index: the allocation-free way to name
/// an action in an event (``FlowEvent/resolved(_:payload:)``).
public struct ActionID: Hashable, Sendable, CustomStringConvertible {
  /// The screen that declares the action.
  public let screen: ScreenID
  /// The action's index in ``Screen/actions``.
  public let index: Int
  /// Creates an id.
  public init(screen: ScreenID, index: Int) {
    self.screen = screen
    self.index = index
  }
  public var description: String { "\(screen).action#\(index)" }
}

extension FlowGraph {
  /// The action with this name on a screen.
  public func action(named name: String, on screen: ScreenID) -> ActionID? {
    guard screen.index >= 0, screen.index < screens.count else { return nil }
    guard let index = screens[screen.index].actions.firstIndex(where: { $0.name == name }) else {
      return nil
    }
    return ActionID(screen: screen, index: index)
  }

  /// The action an id names.
  public subscript(action: ActionID) -> Action {
    screens[action.screen.index].actions[action.index]
  }
}
