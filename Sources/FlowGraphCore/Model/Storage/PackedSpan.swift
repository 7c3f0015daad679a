/// A record's source span in 8 bytes instead of ``SourceSpan``'s 12: its
/// start offset, and its length and file packed in one word. A span that
/// does not fit (a file index of 4,095 or more, a length of 1 MiB or more,
/// an explicit span) is kept whole in ``GraphTables/wideSpans``, and the
/// record holds its index there. Absent spans are flag bits of the record,
/// as before; their packed value is ``absent``.
struct PackedSpan: Hashable, Sendable {
  /// The start offset; for a wide span, its index in the wide spans.
  var start: UInt32
  /// The length (low 20 bits) and the file (high 12 bits; ``wideFile`` for
  /// a wide span).
  var lengthAndFile: UInt32

  static let absent = PackedSpan(start: 0, lengthAndFile: 0)

  static let lengthBits: UInt32 = 20
  static let lengthMask: UInt32 = (1 << lengthBits) - 1
  /// The file field of a wide span.
  static let wideFile: UInt32 = (1 << (32 - lengthBits)) - 1

  /// `span` packed, when it fits.
  @inline(__always)
  init?(fitting span: SourceSpan) {
    let length = span.end &- span.start
    guard span.file < Self.wideFile, span.end >= span.start, length <= Self.lengthMask else {
      return nil
    }
    self.init(start: span.start, lengthAndFile: span.file << Self.lengthBits | length)
  }

  /// The span kept at `index` of the wide spans.
  init(wideIndex index: Int) {
    self.init(
      start: UInt32(truncatingIfNeeded: index), lengthAndFile: Self.wideFile << Self.lengthBits)
  }

  init(start: UInt32, lengthAndFile: UInt32) {
    self.start = start
    self.lengthAndFile = lengthAndFile
  }

  /// Whether the span is kept whole in the wide spans.
  @inline(__always)
  var isWide: Bool { lengthAndFile >> Self.lengthBits == Self.wideFile }

  /// The span, when it is not wide.
  @inline(__always)
  var narrow: SourceSpan {
    SourceSpan(
      file: lengthAndFile >> Self.lengthBits, start: start,
      end: start &+ (lengthAndFile & Self.lengthMask))
  }
}

extension PackedSpan {
  /// `span` as an offset from `key` in 16 bits, when both are narrow, in
  /// one file, and `span` starts at most 255 bytes after `key` starts and
  /// is at most 255 bytes long (`detail` in `push: detail`: 6 and 6); else
  /// `nil`. ``SourceSpan/near(_:)`` reads it back.
  @inline(__always)
  static func near(_ span: PackedSpan, after key: PackedSpan) -> UInt16? {
    // One file (neither wide: the file field of both would be `wideFile`);
    // a start before the key's wraps to an offset above 0xFF.
    let offset = span.start &- key.start
    let length = span.lengthAndFile & lengthMask
    guard (span.lengthAndFile ^ key.lengthAndFile) >> lengthBits == 0, !key.isWide,
      offset | length <= 0xFF
    else { return nil }
    return UInt16(truncatingIfNeeded: offset << 8 | length)
  }
}

extension SourceSpan {
  /// The span at `near` from this one (``PackedSpan/near(_:after:)``).
  @inline(__always)
  func near(_ near: UInt16) -> SourceSpan {
    let start = self.start &+ UInt32(near >> 8)
    return SourceSpan(file: file, start: start, end: start &+ UInt32(near & 0xFF))
  }
}

extension GraphTables {
  /// The span a record holds.
  @inline(__always)
  func span(_ packed: PackedSpan) -> SourceSpan {
    packed.isWide ? wideSpans[Int(packed.start)] : packed.narrow
  }

  /// The span a record holds when its flag is set; else `nil`.
  @inline(__always)
  func span(_ packed: PackedSpan, if present: Bool) -> SourceSpan? {
    present ? span(packed) : nil
  }

  /// A transition's navigation-key span.
  @inline(__always)
  func keySpan(of record: TransitionRecord) -> SourceSpan? {
    span(record.span, if: record.flags.contains(.span))
  }
}

extension PackedSpan {
  /// `span` as a record holds it: packed, or kept in `wideSpans` (the
  /// tables' ``GraphTables/wideSpans`` being written).
  @inline(__always)
  static func pack(_ span: SourceSpan?, wideSpans: inout [SourceSpan]) -> PackedSpan {
    guard let span else { return .absent }
    if let packed = PackedSpan(fitting: span) { return packed }
    wideSpans.append(span)
    return PackedSpan(wideIndex: wideSpans.count - 1)
  }
}

extension GraphTableWriter {
  /// `span` as a record holds it: packed, or kept in the wide spans.
  @inline(__always)
  mutating func pack(_ span: SourceSpan?) -> PackedSpan {
    PackedSpan.pack(span, wideSpans: &wideSpans)
  }
}
