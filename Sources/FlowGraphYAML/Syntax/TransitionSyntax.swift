import FlowGraphCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A transition as written (SPEC §2.4): the keyword form or the map form.
struct TransitionSyntax: Sendable {
  /// The transition keywords.
  enum Keyword: String, Sendable {
    case pop, popToRoot, dismiss, stay

    /// The keyword `text` spells, from its bytes (the four have four
    /// lengths: one comparison decides, with no `String` made, nor released).
    @inline(__always)
    init?(utf8 text: UnsafeBufferPointer<UInt8>) {
      let keyword: Keyword
      let spelled: StaticString
      switch text.count {
      case 3: (keyword, spelled) = (.pop, "pop")
      case 9: (keyword, spelled) = (.popToRoot, "popToRoot")
      case 7: (keyword, spelled) = (.dismiss, "dismiss")
      case 4: (keyword, spelled) = (.stay, "stay")
      default: return nil
      }
      guard memcmp(spelled.utf8Start, text.baseAddress!, text.count) == 0 else { return nil }
      self = keyword
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
