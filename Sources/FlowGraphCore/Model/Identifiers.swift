/// The dense index of a flow in ``FlowGraph/flows``.
public struct FlowID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  /// The position in ``FlowGraph/flows``.
  @inlinable public var index: Int { Int(storedIndex) }
  @usableFromInline let storedIndex: Int32
  /// Creates an id from an index (see ``ScreenID`` for the bound).
  @inlinable public init(_ index: Int) { storedIndex = Int32(clamping: index) }
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.storedIndex < rhs.storedIndex }
  public var description: String { "flow#\(index)" }
  public init(from decoder: any Decoder) throws {
    self.init(try decoder.singleValueContainer().decode(Int.self))
  }
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(index)
  }
}

/// The dense index of a screen in ``FlowGraph/screens`` (screens of all flows
/// share one index space).
///
/// Ids (this one, ``FlowID``, ``TaskID`` and ``TypeID``) keep their index in
/// 32 bits, so that the model's records stay small: an index outside
/// `Int32`'s range (such as a hostile file's) becomes the nearest bound, which
/// is still out of range of every table of a graph. Encoded, an id is its
/// index, an integer.
public struct ScreenID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  /// The position in ``FlowGraph/screens``.
  @inlinable public var index: Int { Int(storedIndex) }
  @usableFromInline let storedIndex: Int32
  /// Creates an id from an index (see ``ScreenID`` for the bound).
  @inlinable public init(_ index: Int) { storedIndex = Int32(clamping: index) }
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.storedIndex < rhs.storedIndex }
  public var description: String { "screen#\(index)" }
  public init(from decoder: any Decoder) throws {
    self.init(try decoder.singleValueContainer().decode(Int.self))
  }
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(index)
  }
}

/// The dense index of a task in ``FlowGraph/tasks``.
public struct TaskID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  /// The position in ``FlowGraph/tasks``.
  @inlinable public var index: Int { Int(storedIndex) }
  @usableFromInline let storedIndex: Int32
  /// Creates an id from an index (see ``ScreenID`` for the bound).
  @inlinable public init(_ index: Int) { storedIndex = Int32(clamping: index) }
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.storedIndex < rhs.storedIndex }
  public var description: String { "task#\(index)" }
  public init(from decoder: any Decoder) throws {
    self.init(try decoder.singleValueContainer().decode(Int.self))
  }
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(index)
  }
}

/// The dense index of a named type in ``FlowGraph/types``.
public struct TypeID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  /// The position in ``FlowGraph/types``.
  @inlinable public var index: Int { Int(storedIndex) }
  @usableFromInline let storedIndex: Int32
  /// Creates an id from an index (see ``ScreenID`` for the bound).
  @inlinable public init(_ index: Int) { storedIndex = Int32(clamping: index) }
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.storedIndex < rhs.storedIndex }
  public var description: String { "type#\(index)" }
  public init(from decoder: any Decoder) throws {
    self.init(try decoder.singleValueContainer().decode(Int.self))
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
