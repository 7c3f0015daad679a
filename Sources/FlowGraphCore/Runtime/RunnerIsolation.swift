/// The actor a ``FlowRunner`` is bound to: the actor it was created on, or,
/// when it was created outside any actor, the first actor it is used from.
/// A use that does not run on that actor is a programming error (a
/// main-actor navigator would be called off the main actor): it stops the
/// program with a message that says where the runner belongs. Nonisolated
/// synchronous code that runs on the actor (a helper called from the main
/// actor) is fine.
struct RunnerIsolation {
  /// The actor (held weakly: an actor may own its runner).
  private weak var actor: (any Actor)?
  /// The actor's identity; `nil` while unbound.
  private var identity: ObjectIdentifier?

  init(creator: (any Actor)?) {
    actor = creator
    identity = creator.map(ObjectIdentifier.init)
  }

  /// Binds the runner on its first use from an actor; stops the program
  /// when a use does not run on the actor it is bound to.
  @inline(__always)
  mutating func check(_ current: (any Actor)?, _ use: @autoclosure () -> String) {
    guard let identity else {
      if let current { bind(current) }
      return
    }
    if let current, ObjectIdentifier(current) == identity { return }
    verify(current, use())
  }

  private mutating func bind(_ current: any Actor) {
    actor = current
    identity = ObjectIdentifier(current)
  }

  /// Checks, the slow way, that the code runs on the bound actor's executor.
  @inline(never)
  private func verify(_ current: (any Actor)?, _ use: String) {
    guard let actor else { return }  // the actor is gone: nothing to protect
    let here = current.map(Self.describe) ?? "nonisolated code"
    actor.preconditionIsolated(
      "FlowRunner.\(use) called from \(here), off \(Self.describe(actor)) that the runner "
        + "belongs to: a runner and its navigator must be used on the actor they were created "
        + "on (usually the main actor; see docs/embedding.md, \"Isolation\")")
  }

  private static func describe(_ actor: any Actor) -> String {
    actor === MainActor.shared ? "the main actor" : "actor \(type(of: actor))"
  }
}
