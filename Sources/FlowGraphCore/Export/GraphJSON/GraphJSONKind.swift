/// The names of transition kinds in the compiled JSON format.
enum GraphJSONKind {
  /// Every transition kind name, in the order the docs list them.
  static let transitionKinds = [
    "push", "present", "replace", "root", "popTo", "pop", "popToRoot", "dismiss", "stay",
    "finish", "start", "run", "select", "invalid",
  ]

  /// Every start kind name.
  static let startKinds = ["screen", "run", "finish", "invalid"]

  /// The name of a transition's kind.
  static func name(of kind: Transition.Kind) -> String {
    switch kind {
    case .push: "push"
    case .present: "present"
    case .replace: "replace"
    case .root: "root"
    case .popTo: "popTo"
    case .pop: "pop"
    case .popToRoot: "popToRoot"
    case .dismiss: "dismiss"
    case .stay: "stay"
    case .select: "select"
    case .finish: "finish"
    case .start: "start"
    case .run: "run"
    case .invalid: "invalid"
    }
  }
}
