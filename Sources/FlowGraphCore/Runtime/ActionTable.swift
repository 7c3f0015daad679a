/// The runtime's precompiled view of the graph's actions: for each screen,
/// its actions as small plain entries (a hash of the name, and what the
/// action does when it is a push or pop without params), so that the common
/// path neither copies `Action`s or `Transition`s nor compares names more
/// than once.
///
/// Built once per engine, immutable. Entries of screen `s` are
/// `entries[starts[s] ..< starts[s + 1]]`, in the screen's action order.
final class ActionTable: Sendable {
  /// What an action (or a screen's system back) does, when the quick path
  /// can take it on its own; everything else goes the general way.
  enum Operation: UInt8 {
    /// Anything else: params, arguments, tasks, flows, layers.
    case general
    /// A push of a screen without params, by an action without params.
    case push
    /// A pop by an action without params (or the default back).
    case pop
    /// `stay`, by an action without params.
    case stay
    /// A present of a screen without params, by an action without params.
    case present
    /// `dismiss` by an action without params (or the dismiss gesture),
    /// when closing the layer ends no flow (checked when it is taken).
    case dismiss
  }

  /// One action.
  struct Entry {
    /// The hash of the action's name (``ActionTable/key(of:)``).
    var key: UInt64
    /// What it does on the quick path.
    var operation: Operation
    /// The pushed screen's index (``Operation/push``), else -1.
    var target: Int32
    /// Where the name's UTF-8 bytes are in ``ActionTable/bytes``.
    var nameStart: Int32
    /// How many bytes the name has.
    var nameCount: Int32
  }

  /// Where each screen's entries begin; one more element than screens.
  let starts: [Int32]
  /// Every screen's actions, screen after screen.
  let entries: [Entry]
  /// The names of the actions, UTF-8, one after the other.
  let bytes: [UInt8]
  /// What each screen's system back does on the quick path.
  let back: [Operation]
  /// Whether each screen lets the dismiss gesture close its layer when it
  /// is the layer's first screen.
  let dismissible: [Bool]

  /// Builds the table of a graph.
  init(graph: FlowGraph) {
    var starts: [Int32] = []
    var entries: [Entry] = []
    var bytes: [UInt8] = []
    var back: [Operation] = []
    var dismissible: [Bool] = []
    starts.reserveCapacity(graph.screens.count + 1)
    back.reserveCapacity(graph.screens.count)
    for screen in graph.screens {
      starts.append(Int32(entries.count))
      for action in screen.actions {
        let name = Array(action.name.utf8)
        var entry = Entry(
          key: name.withUnsafeBytes(Self.key(of:)), operation: .general, target: -1,
          nameStart: Int32(bytes.count), nameCount: Int32(name.count))
        bytes += name
        if action.params.isEmpty {
          switch action.transition.kind {
          case .push(let target)
          where target.index >= 0 && target.index < graph.screens.count
            && graph.screens[target.index].params.isEmpty:
            entry.operation = .push
            entry.target = Int32(target.index)
          case .present(let target)
          where target.index >= 0 && target.index < graph.screens.count
            && graph.screens[target.index].params.isEmpty:
            entry.operation = .present
            entry.target = Int32(target.index)
          case .pop:
            entry.operation = .pop
          case .stay:
            entry.operation = .stay
          case .dismiss:
            entry.operation = .dismiss
          default:
            break
          }
        }
        entries.append(entry)
      }
      dismissible.append(screen.dismissible)
      if case .pop = screen.back {
        back.append(.pop)
      } else {
        back.append(.general)
      }
    }
    starts.append(Int32(entries.count))
    self.starts = starts
    self.entries = entries
    self.bytes = bytes
    self.back = back
    self.dismissible = dismissible
  }

  /// The index of the action named `name` on a screen (the first one, as
  /// the screen declares them): one hash of the name, then one comparison
  /// of bytes for the entry whose hash matches.
  func action(named name: String, onScreen screen: Int) -> Int? {
    if let found = name.utf8.withContiguousStorageIfAvailable({ name in
      find(UnsafeRawBufferPointer(name), onScreen: screen)
    }) {
      return found
    }
    let copy = Array(name.utf8)
    return copy.withUnsafeBytes { find($0, onScreen: screen) }
  }

  private func find(_ name: UnsafeRawBufferPointer, onScreen screen: Int) -> Int? {
    let key = Self.key(of: name)
    let start = Int(starts[screen])
    let end = Int(starts[screen + 1])
    return entries.withUnsafeBufferPointer { entries in
      var index = start
      while index < end {
        let entry = entries[index]
        if entry.key == key, Int(entry.nameCount) == name.count,
          bytes.withUnsafeBytes({ bytes in
            name.count == 0
              || Self.equal(
                bytes.baseAddress! + Int(entry.nameStart), name.baseAddress!, name.count)
          })
        {
          return index - start
        }
        index += 1
      }
      return nil
    }
  }

  /// Whether `count` bytes at `a` and `b` are equal.
  private static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Bool {
    var offset = 0
    while offset + 8 <= count {
      if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      {
        return false
      }
      offset += 8
    }
    while offset < count {
      if a.load(fromByteOffset: offset, as: UInt8.self)
        != b.load(fromByteOffset: offset, as: UInt8.self)
      {
        return false
      }
      offset += 1
    }
    return true
  }

  /// A hash of a name's UTF-8 bytes, eight at a time (internal to a run:
  /// it need not be stable).
  static func key(of bytes: UnsafeRawBufferPointer) -> UInt64 {
    let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    var hash = UInt64(bytes.count) &* multiplier
    var offset = 0
    while offset + 8 <= bytes.count {
      hash = (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* multiplier
      hash ^= hash >> 29
      offset += 8
    }
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while offset < bytes.count {
      tail |= UInt64(bytes[offset]) << shift
      shift += 8
      offset += 1
    }
    hash = (hash ^ tail) &* multiplier
    return hash ^ (hash >> 32)
  }
}
