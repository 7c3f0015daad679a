/// One transition occurrence as the analysis reads it: plain data (no
/// references), so that the tables copy and free without reference counting.
/// Its source range is ``AnalysisProgram/range(of:)``.
///
/// Ids are assigned in source order (pre-order: a transition, then its nested
/// outcomes and handlers in source order), so comparing the ids of the
/// transitions of one screen orders them as the file does.
struct IRTransition {
  /// What the transition does; screens are flow-local indices, results are
  /// result keys (declared index, or the result count for `dismissed`).
  enum Op {
    case push(Int32)
    case present(Int32)
    case replace(Int32)
    case root(Int32)
    case popTo(Int32)
    case pop
    case popToRoot
    case dismiss
    case stay
    case finish(Int32)
    /// A child start; its handlers (one transition id per result key of the
    /// child) are ``AnalysisProgram/nested`` from `handlers` on. (The mode
    /// last: the payload packs into 9 bytes, the record into 16.)
    case start(child: Int32, handlers: Int32, mode: Transition.StartMode)
    /// A task call; its outcomes (one transition id each) are
    /// ``AnalysisProgram/nested`` from `first`, `count` of them.
    case run(first: Int32, count: Int32)
    /// A transition that did not compile (or does not fit the graph): its
    /// effect is unknown.
    case unknown
  }

  let op: Op
  /// The screen (global index) the transition is written on; its flow is
  /// ``AnalysisProgram/flow(of:)``.
  let owner: Int32
}

/// What system back does on a screen, as the analysis reads it.
enum IRBack {
  case pop
  case disabled
  case custom(Int32)
}

/// A flow's start, as the analysis reads it.
indirect enum IRStart {
  case screen(Int32)
  case run([IRStart])
  case finish(Int32)
  case unknown
}

/// The pop that a `push` or push-mode `start` with `popTo` does first (SPEC
/// §6.3): back to the nearest `screen` (flow-local index) at or below the
/// top within the flow's part of the layer, and that screen too when
/// `inclusive`.
struct PopTarget {
  let screen: Int32
  let inclusive: Bool
}
