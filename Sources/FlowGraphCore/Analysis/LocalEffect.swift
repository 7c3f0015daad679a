/// One thing that can happen from a local state of a flow activation, found
/// by the reachability engine and read by every rule.
///
/// `via` is the transition that does it (its position is where cycle findings
/// point).
enum LocalEffect {
  /// The same frame goes on with another local state (`replace`, or a handler
  /// that runs after a child ended or a layer closed).
  case intra(Int32, via: Int32)
  /// A new frame on top: `push` (same layer) or `present` (a new layer).
  case call(Int32, via: Int32)
  /// `root`: the activation becomes one frame, in its home layer.
  case reset(Int32, via: Int32)
  /// A child flow starts (its activation is another instance).
  case child(instance: Int32, via: Int32)
  /// The activation ends with this result key (possible only where its
  /// parent's handler for that key is: ``CallContexts``).
  case end(Int32)
  /// The frame is left towards the frames below it.
  case escape(Escape)
  /// A transition that did not compile runs here.
  case unknown
}

/// How a frame is left towards the frames below it (docs/analysis.md,
/// "escapes").
enum Escape: Hashable {
  /// `pop` or back: the frame just below resumes.
  case pop
  /// `popToRoot`: the first frame of the layer resumes.
  case popToRoot
  /// `dismiss` above a modal layer's first screen: the layer closes.
  case closeLayer
  /// A modal layer's first frame closes its layer (dismiss or gesture): its presenter resumes.
  case layerClosed
  /// `pop: S`: the nearest frame showing S below, within the layer, resumes.
  case popTo(Int32)
}

/// A frame entered by a `push` or `present` from another local state.
struct CallerEdge {
  /// The local state that pushed or presented.
  var state: Int32
  /// The transition that did it.
  var via: Int32
}
