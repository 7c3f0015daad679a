/// The isolation domain a ``FlowRunner`` is bound to: the actor it was
/// created on, or, when it was created outside any actor, the isolation of
/// its first use. A use from another domain is a programming error (a
/// main-actor navigator would be called off the main actor), reported with
/// a message that says where the runner belongs.
struct RunnerIsolation {
  /// The actor's identity; `nil` for nonisolated code.
  private var actor: ObjectIdentifier?
  /// A name for messages.
  private var name: String
  /// Whether the runner is bound yet.
  private var bound: Bool

  init(creator: (any Actor)?) {
    actor = creator.map(ObjectIdentifier.init)
    name = creator.map(Self.describe) ?? "nonisolated code"
    bound = creator != nil
  }

  /// Binds the runner to `current` on first use; stops the program when
  /// it is bound to another isolation.
  @inline(__always)
  mutating func check(_ current: (any Actor)?, _ use: @autoclosure () -> String) {
    let identity = current.map(ObjectIdentifier.init)
    if identity == actor {
      bound = true
      return
    }
    if !bound {
      actor = identity
      name = current.map(Self.describe) ?? "nonisolated code"
      bound = true
      return
    }
    mismatch(current, use())
  }

  @inline(never)
  private func mismatch(_ current: (any Actor)?, _ use: String) -> Never {
    let here = current.map(Self.describe) ?? "nonisolated code"
    preconditionFailure(
      "FlowRunner.\(use) called from \(here), but the runner belongs to \(name): "
        + "a runner and its navigator must be used from the isolation it was created on "
        + "(usually the main actor; see docs/embedding.md, \"Isolation\")")
  }

  private static func describe(_ actor: any Actor) -> String {
    actor === MainActor.shared ? "the main actor" : "actor \(type(of: actor))"
  }
}
