/// The pops and dismisses that run somewhere, as the reachability engine
/// found them: what ``PopRules`` reads of the fixpoint. A `pop`, `popToRoot`
/// or `dismiss` is settled where it runs (whether it does something depends
/// only on its frame and activation); a `pop: S` needs the frames below, known
/// once the fixpoint is done, so its contexts are kept.
struct PopAttempts {
  /// What is known of one transition.
  enum Status: UInt8 {
    /// It never runs as a pop, dismiss or pop-then-push.
    case none
    /// It runs; no context in which it does something is known (yet).
    case runs
    /// It runs in some context in which it does something.
    case possible
  }

  /// Each transition's status, by id.
  var status: [Status]
  /// Every (transition, context) in which a `pop: S` runs, in the order
  /// found (so, per transition, in the order its contexts were found), with
  /// its S (the flow's screen index): ``PopRules`` walks the log in that
  /// order, and reading S from the transition's record there was a scattered
  /// read of the transition table, out of the caches at 100,000 screens.
  var popToLog: [PopToAttempt]

  /// A context in which a `pop: S` runs.
  struct PopToAttempt {
    /// The transition's id.
    var transition: Int32
    /// S, the screen it pops to (an index within the transition's flow).
    var target: Int32
    /// The activation and the state it runs at.
    var attempt: ReachabilityEngine.Attempt
  }

  /// Nothing runs.
  static let empty = PopAttempts(status: [], popToLog: [])
}
