/// A key of the DSL, recognised once per distinct text by the
/// ``NameTable`` (``SyntaxDecoder/key(_:)``), so that the decoder's hot
/// loops switch on a byte instead of comparing `String`s.
///
/// Only the keys of the per-action and per-screen maps are here; the rarer
/// places (the document, flows, tasks, types) still compare text.
enum DSLKey: UInt8, Sendable {
  /// Any other text.
  case other = 0
  /// A key that is not a scalar (a map or a list used as a key).
  case notScalar
  // Navigation keys of a map-form transition.
  case push, present, replace, root, pop, finish, start, run, select
  // The other keys of a map-form transition.
  case mode, on, outcomes, with, params, popTo, inclusive
  // The keys of a screen (besides `params`).
  case title, description, actions, back, dismissible, deeplink, suppress
  // The keys of a tabs screen and of a tab (SPEC §6.1; `on` and `with` above).
  case tabs, selected, flow

  /// The key `text` spells (`.other` for any other text).
  init(_ text: String) {
    switch text {
    case "push": self = .push
    case "present": self = .present
    case "replace": self = .replace
    case "root": self = .root
    case "pop": self = .pop
    case "finish": self = .finish
    case "start": self = .start
    case "run": self = .run
    case "select": self = .select
    case "mode": self = .mode
    case "on": self = .on
    case "outcomes": self = .outcomes
    case "with": self = .with
    case "params": self = .params
    case "popTo": self = .popTo
    case "inclusive": self = .inclusive
    case "title": self = .title
    case "description": self = .description
    case "actions": self = .actions
    case "back": self = .back
    case "dismissible": self = .dismissible
    case "deeplink": self = .deeplink
    case "suppress": self = .suppress
    case "tabs": self = .tabs
    case "selected": self = .selected
    case "flow": self = .flow
    default: self = .other
    }
  }

  /// Whether the key is one of the navigation keys (`push` … `select`).
  var isNavigation: Bool {
    rawValue >= DSLKey.push.rawValue && rawValue <= DSLKey.select.rawValue
  }
}
