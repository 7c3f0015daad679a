/// A ``LocalEffect`` in 8 bytes (the enum takes 9, so 12 with its alignment,
/// and a list entry 16): its kind and first payload in one word, the `via`
/// transition in the other. A list entry is then 12 bytes; at 100,000
/// screens the effects are about 560,000 entries, alive together at the
/// fixpoint's peak.
struct PackedLocalEffect: BitwiseCopyable {
  /// The kind (the top 4 bits) and the first payload (the low 28: a state,
  /// an instance, a result key or a screen, all small non-negative indices).
  private let word: UInt32
  private let via: Int32

  private static let payloadBits: UInt32 = 28
  private static let payloadMask: UInt32 = (1 << payloadBits) - 1

  init(_ effect: LocalEffect) {
    switch effect {
    case .intra(let target, let via): self.init(kind: 0, target, via)
    case .call(let target, let via): self.init(kind: 1, target, via)
    case .reset(let target, let via): self.init(kind: 2, target, via)
    case .child(let instance, let via): self.init(kind: 3, instance, via)
    case .end(let key): self.init(kind: 4, key, 0)
    case .escape(.pop): self.init(kind: 5, 0, 0)
    case .escape(.popToRoot): self.init(kind: 6, 0, 0)
    case .escape(.closeLayer): self.init(kind: 7, 0, 0)
    case .escape(.layerClosed): self.init(kind: 8, 0, 0)
    case .escape(.popTo(let screen)): self.init(kind: 9, screen, 0)
    case .unknown: self.init(kind: 10, 0, 0)
    }
  }

  @inline(__always)
  private init(kind: UInt32, _ payload: Int32, _ via: Int32) {
    precondition(
      payload >= 0 && UInt32(payload) <= Self.payloadMask, "local effect payload out of range")
    word = kind << Self.payloadBits | UInt32(payload)
    self.via = via
  }

  /// The effect.
  var effect: LocalEffect {
    let payload = Int32(word & Self.payloadMask)
    switch word >> Self.payloadBits {
    case 0: return .intra(payload, via: via)
    case 1: return .call(payload, via: via)
    case 2: return .reset(payload, via: via)
    case 3: return .child(instance: payload, via: via)
    case 4: return .end(payload)
    case 5: return .escape(.pop)
    case 6: return .escape(.popToRoot)
    case 7: return .escape(.closeLayer)
    case 8: return .escape(.layerClosed)
    case 9: return .escape(.popTo(payload))
    default: return .unknown
    }
  }
}

/// An activation's effects per local state: ``Adjacency`` lists of
/// ``PackedLocalEffect``s, read and written as ``LocalEffect``s.
struct LocalEffectLists {
  private let lists: Adjacency<PackedLocalEffect>

  /// Empty lists for `nodeCount` states, with room for `capacity` effects
  /// once the first is added.
  init(nodeCount: Int, capacity: Int) {
    lists = Adjacency(nodeCount: nodeCount, capacity: capacity)
  }

  /// The number of effects of all states.
  var count: Int { lists.count }

  /// Appends `effect` to `node`'s list.
  @inline(__always)
  func append(_ effect: LocalEffect, to node: Int) {
    lists.append(PackedLocalEffect(effect), to: node)
  }

  /// The position of `node`'s first effect, or -1 (``Adjacency/first(_:)``).
  func first(_ node: Int) -> Int32 { lists.first(node) }

  /// The effect at a position.
  func value(_ position: Int32) -> LocalEffect { lists.value(position).effect }

  /// The effect at a position, and the position of the next one of the same
  /// state (or -1).
  func entry(_ position: Int32) -> (value: LocalEffect, next: Int32) {
    let (value, next) = lists.entry(position)
    return (value.effect, next)
  }

  /// The position of the next effect of the same state, or -1.
  func next(_ position: Int32) -> Int32 { lists.next(position) }

  /// Marks the lists complete (``Adjacency/trim()``).
  func trim() { lists.trim() }

  /// ``Adjacency/loadIntoCaches()``.
  func loadIntoCaches() { lists.loadIntoCaches() }

  /// The effects of one state.
  subscript(node: Int) -> Effects { Effects(neighbors: lists[node]) }

  /// The effects of one state, in the order they were added.
  struct Effects: Sequence, IteratorProtocol {
    fileprivate var neighbors: Adjacency<PackedLocalEffect>.Neighbors

    mutating func next() -> LocalEffect? { neighbors.next()?.effect }
  }
}
