/// Where a model value came from, in 12 bytes: a file of the graph's
/// ``SourceMap`` and the byte offsets of the span's two ends.
///
/// Model values (``Screen``, ``Action``, ``Transition``…) keep a span instead of
/// a full ``SourceRange``: plain data, never reference counted, and less than
/// half the size. The line and column of each end are recovered only when
/// they are needed (a finding, an export) by the graph that owns the span:
/// `graph.range(screen.span)`. A span means nothing without its graph's map.
///
/// A range that was given as explicit positions rather than read from a file
/// (a graph built in Swift, the readable JSON format) is kept whole in the map;
/// its span names that entry (``isExplicit``).
public struct SourceSpan: Hashable, Sendable {
  /// The ``file`` of a span whose range is kept whole in the map: its
  /// ``start`` is the index of that range in ``SourceMap/explicitRanges``.
  public static let explicitFile = UInt32.max

  /// The index of the span's file in ``SourceMap/files``, or ``explicitFile``.
  public let file: UInt32
  /// The byte offset of the span's first byte (for an explicit span: its index
  /// in ``SourceMap/explicitRanges``).
  public let start: UInt32
  /// The byte offset just after the span's last byte (for an explicit span:
  /// the same as ``start``).
  public let end: UInt32

  /// Creates a span of file `file` of a map, from byte offset `start` to `end`.
  /// The map that resolves it must have that file, and the offsets must lie
  /// within it (``SourceMap/range(_:)`` returns `nil` otherwise).
  public init(file: UInt32, start: UInt32, end: UInt32) {
    self.file = file
    self.start = start
    self.end = end
  }

  /// Whether the span names a range kept whole in the map.
  public var isExplicit: Bool { file == Self.explicitFile }
}
