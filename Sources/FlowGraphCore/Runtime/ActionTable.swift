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
  }

  /// One action.
  struct Entry {
    /// The FNV-1a hash of the action's name (``ActionTable/key(of:)``).
    var key: UInt64
    /// What it does on the quick path.
    var operation: Operation
    /// The pushed screen's index (``Operation/push``), else -1.
    var target: Int32
  }

  /// Where each screen's entries begin; one more element than screens.
  let starts: [Int32]
  /// Every screen's actions, screen after screen.
  let entries: [Entry]
  /// The names of the actions, parallel to ``entries``.
  let names: [String]
  /// What each screen's system back does on the quick path.
  let back: [Operation]

  /// Builds the table of a graph.
  init(graph: FlowGraph) {
    var starts: [Int32] = []
    var entries: [Entry] = []
    var names: [String] = []
    var back: [Operation] = []
    starts.reserveCapacity(graph.screens.count + 1)
    back.reserveCapacity(graph.screens.count)
    for screen in graph.screens {
      starts.append(Int32(entries.count))
      for action in screen.actions {
        var entry = Entry(key: Self.key(of: action.name), operation: .general, target: -1)
        if action.params.isEmpty {
          switch action.transition.kind {
          case .push(let target)
          where target.index >= 0 && target.index < graph.screens.count
            && graph.screens[target.index].params.isEmpty:
            entry.operation = .push
            entry.target = Int32(target.index)
          case .pop:
            entry.operation = .pop
          case .stay:
            entry.operation = .stay
          default:
            break
          }
        }
        entries.append(entry)
        names.append(action.name)
      }
      if case .pop = screen.back {
        back.append(.pop)
      } else {
        back.append(.general)
      }
    }
    starts.append(Int32(entries.count))
    self.starts = starts
    self.entries = entries
    self.names = names
    self.back = back
  }

  /// The index of the action named `name` on a screen (the first one, as
  /// the screen declares them), with one hash of the name.
  func action(named name: String, onScreen screen: Int) -> Int? {
    let key = Self.key(of: name)
    let start = Int(starts[screen])
    let end = Int(starts[screen + 1])
    var index = start
    while index < end {
      if entries[index].key == key && names[index] == name { return index - start }
      index += 1
    }
    return nil
  }

  /// The 64-bit FNV-1a hash of a name's UTF-8 bytes.
  static func key(of name: String) -> UInt64 {
    if let key = name.utf8.withContiguousStorageIfAvailable({ bytes in
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
      return hash
    }) {
      return key
    }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
  }
}
