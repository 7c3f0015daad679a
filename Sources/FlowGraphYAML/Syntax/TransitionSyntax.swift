import FlowGraphCore

/// A transition as written (SPEC §2.4): the keyword form or the map form.
struct TransitionSyntax: Sendable {
  /// The transition keywords.
  enum Keyword: String, Sendable {
    case pop, popToRoot, dismiss, stay

    /// The keyword `text` names (a plain switch: cheaper than `init(rawValue:)`).
    init?(_ text: String) {
      switch text {
      case "pop": self = .pop
      case "popToRoot": self = .popToRoot
      case "dismiss": self = .dismiss
      case "stay": self = .stay
      default: return nil
      }
    }
  }

  /// The navigation keys that name a screen of the same flow.
  enum ScreenVerb: String, Sendable {
    case push, present, replace, root, pop
  }

  /// What the transition does, names unresolved.
  enum Kind: Sendable {
    /// `pop`, `popToRoot`, `dismiss`, `stay`.
    case keyword(Keyword)
    /// `push: S`, `present: S`, `replace: S`, `root: S`, `pop: S`.
    case screen(ScreenVerb, SyntaxName)
    /// `finish: R`.
    case finish(SyntaxName)
    /// `start: F` with `mode` and `on`.
    case start(SyntaxName, mode: Transition.StartMode, handlers: [HandlerSyntax])
    /// `run: T` with `outcomes`.
    case run(SyntaxName, outcomes: [HandlerSyntax])
    /// `select: TAB` (SPEC §6.1).
    case select(SyntaxName)
    /// A form that did not decode (reported).
    case invalid
  }

  /// What the transition does.
  var kind: Kind
  /// The navigation key, the keyword scalar, or (for an invalid form) the value.
  var range: SyntaxRange
  /// The `with` bindings, in file order.
  var with: [WithBinding] = []
  /// `popTo: X` and `inclusive` on a `push` or push-mode `start` (SPEC §6.3).
  var popTo: (name: SyntaxName, inclusive: Bool)?
  /// Whether the map had a misspelled key (it may hold `with`, `on` or
  /// `outcomes`): missing arguments and handlers are then not reported.
  var hasUnknownKeys = false

  /// A transition that did not decode, at `range`.
  static func invalid(at range: SyntaxRange) -> TransitionSyntax {
    TransitionSyntax(kind: .invalid, range: range)
  }
}

/// One entry of `on:` (result → transition) or `outcomes:` (outcome → transition).
struct HandlerSyntax: Sendable {
  /// The result's or outcome's name key.
  var name: SyntaxName
  /// What happens then.
  var transition: TransitionSyntax
}
