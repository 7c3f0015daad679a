#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A source file's path, interned: a 32-bit number that every ``SourceRange`` in
/// that file shares instead of its own copy of the path.
///
/// Interning keeps ranges plain data (no reference counting when a model value
/// is copied) and small (a range is 28 bytes instead of 64). The table of paths
/// is process-wide and only grows; one entry per distinct path ever used.
public struct SourceFileID: Hashable, Sendable {
  /// The table index.
  let index: UInt32

  /// The id of `path`, adding it to the table the first time it is seen.
  package init(_ path: String) {
    index = SourceFileTable.shared.intern(path)
  }

  /// The path this id stands for.
  public var path: String {
    SourceFileTable.shared.path(at: index)
  }
}

/// The process-wide table behind ``SourceFileID``.
final class SourceFileTable: @unchecked Sendable {
  static let shared = SourceFileTable()

  private let lock = Lock()
  private var paths: [String] = []
  private var indexes: [String: UInt32] = [:]

  func intern(_ path: String) -> UInt32 {
    lock.lock()
    defer { lock.unlock() }
    if let index = indexes[path] { return index }
    let index = UInt32(paths.count)
    paths.append(path)
    indexes[path] = index
    return index
  }

  func path(at index: UInt32) -> String {
    lock.lock()
    defer { lock.unlock() }
    return paths[Int(index)]
  }
}
