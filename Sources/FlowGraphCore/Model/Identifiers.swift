/// The dense index of a flow in ``FlowGraph/flows``.
public struct FlowID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  /// The position in ``FlowGraph/flows``.
  public let index: Int
  /// Creates an id from an index.
  public init(_ index: Int) { self.index = index }
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.index < rhs.index }
  public var description: String { "flow#\(index)" }
  public init(from decoder: any Decoder) throws {
    index = try decoder.singleValueContainer().decode(Int.self)
  }
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(index)
  }
}

/// The dense index of a screen in ``FlowGraph/screens`` (screens of all flows
/// share one index space).
public struct ScreenID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  /// The position in ``FlowGraph/screens``.
  public let index: Int
  /// Creates an id from an index.
  public init(_ index: Int) { self.index = index }
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.index < rhs.index }
  public var description: String { "screen#\(index)" }
  public init(from decoder: any Decoder) throws {
    index = try decoder.singleValueContainer().decode(Int.self)
  }
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(index)
  }
}

/// The dense index of a task in ``FlowGraph/tasks``.
public struct TaskID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  /// The position in ``FlowGraph/tasks``.
  public let index: Int
  /// Creates an id from an index.
  public init(_ index: Int) { self.index = index }
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.index < rhs.index }
  public var description: String { "task#\(index)" }
  public init(from decoder: any Decoder) throws {
    index = try decoder.singleValueContainer().decode(Int.self)
  }
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(index)
  }
}

/// The dense index of a named type in ``FlowGraph/types``.
public struct TypeID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  /// The position in ``FlowGraph/types``.
  public let index: Int
  /// Creates an id from an index.
  public init(_ index: Int) { self.index = index }
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.index < rhs.index }
  public var description: String { "type#\(index)" }
  public init(from decoder: any Decoder) throws {
    index = try decoder.singleValueContainer().decode(Int.self)
  }
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(index)
  }
}

/// One of the ways a flow can end: a result it declares, or the built-in
/// `dismissed` (back, dismiss gesture, `pop`/`dismiss` at the flow's edge).
public enum FlowResultRef: Hashable, Sendable {
  /// The built-in, reserved result `dismissed`; it carries no payload.
  case dismissed
  /// The declared result at this index of ``Flow/results``.
  case declared(Int)
}
