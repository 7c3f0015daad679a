/// Where a frame (one shown screen) sits within its flow activation: in the
/// flow's home layer (the layer holding its first screen) or in a modal layer
/// the flow presented, and whether it is the first of the flow's screens in
/// that layer.
///
/// Together with the frame's current screen this is all that decides what the
/// frame can do (docs/analysis.md, "the abstract state"): `pop` and back need a
/// screen below in the layer, `popToRoot` needs not to be the first,
/// `dismiss` needs a layer the flow owns, and the gesture needs a modal layer.
enum FrameKind: Int, CaseIterable {
  /// The flow's first screen in its home layer.
  case homeBottom = 0
  /// A screen above the flow's first screen in its home layer.
  case homeInner = 1
  /// The first screen of a modal layer the flow presented.
  case modalBottom = 2
  /// A screen above the first screen of a modal layer the flow presented.
  case modalInner = 3

  /// Whether the frame is the flow's first screen in its layer.
  var isBottom: Bool { self == .homeBottom || self == .modalBottom }
  /// Whether the frame is in a layer the flow presented.
  var isModal: Bool { self == .modalBottom || self == .modalInner }
  /// The kind of a frame pushed on top of this one.
  var pushed: FrameKind { isModal ? .modalInner : .homeInner }
}

/// How a flow activation was started: it decides what lies below its first
/// screen and who owns its home layer.
enum InstanceMode: Int, CaseIterable {
  /// The entry flow, or a flow nothing starts: its first screen is the first
  /// screen of the base layer.
  case base = 0
  /// A child started with `mode: push`: a screen of the parent lies below its
  /// first screen, in a layer the child does not own.
  case push = 1
  /// A child started with `mode: present`: its home layer was opened for it
  /// and it owns it.
  case present = 2
  /// A tab flow (SPEC §6.1), started by a tabs screen: its first screen is
  /// the first screen of its tab's stack (no back, no `pop`), in a layer it
  /// does not own; judged from its own start like a base flow. Selecting its
  /// tab again pops the stack to that first screen, ending the children it
  /// started there.
  case tab = 3

  init(_ mode: Transition.StartMode) {
    switch mode {
    case .push: self = .push
    case .present: self = .present
    }
  }
}

/// A local state of a flow activation: the top frame's screen (flow-local
/// index) and kind, packed in one integer.
enum LocalState {
  static func make(_ screen: Int, _ kind: FrameKind) -> Int { screen << 2 | kind.rawValue }
  static func make(_ screen: Int32, _ kind: FrameKind) -> Int { Int(screen) << 2 | kind.rawValue }
  static func screen(_ state: Int) -> Int { state >> 2 }
  static func kind(_ state: Int) -> FrameKind { FrameKind(rawValue: state & 3)! }
}
