/// A key of the DSL, recognised once per distinct text by the
/// ``NameTable`` (``SyntaxDecoder/key(_:)``), so that the decoder's hot
/// loops switch on a byte instead of comparing `String`s.
///
/// Only the keys of the per-action and per-screen maps are here; the rarer
/// places (the document, flows, tasks, types) still compare text.
enum DSLKey: UInt8, Sendable, CaseIterable {
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
    self = Self.byText[text] ?? .other
  }

  /// The key's text (empty for `.other` and `.notScalar`).
  var text: String {
    switch self {
    case .other, .notScalar: ""
    case .push: "push"
    case .present: "present"
    case .replace: "replace"
    case .root: "root"
    case .pop: "pop"
    case .finish: "finish"
    case .start: "start"
    case .run: "run"
    case .select: "select"
    case .mode: "mode"
    case .on: "on"
    case .outcomes: "outcomes"
    case .with: "with"
    case .params: "params"
    case .popTo: "popTo"
    case .inclusive: "inclusive"
    case .title: "title"
    case .description: "description"
    case .actions: "actions"
    case .back: "back"
    case .dismissible: "dismissible"
    case .deeplink: "deeplink"
    case .suppress: "suppress"
    case .tabs: "tabs"
    case .selected: "selected"
    case .flow: "flow"
    }
  }

  /// Every key by its text.
  private static let byText: [String: DSLKey] = Dictionary(
    uniqueKeysWithValues: allCases.filter { !$0.text.isEmpty }.map { ($0.text, $0) })

  /// The keys of a screen, in the order the docs list them.
  static let screen: [DSLKey] = [
    .title, .description, .params, .actions, .back, .dismissible, .deeplink, .suppress,
    .tabs, .selected, .on,
  ]
  /// The navigation keys of a map-form transition: exactly one per transition.
  static let navigation: [DSLKey] = allCases.filter(\.isNavigation)
  /// Every key of a map-form transition: the navigation keys, then `mode` and
  /// `on` (with `start`), `outcomes` (with `run`), `with`, `params` (on an
  /// action's value only), and `popTo` and `inclusive` (with `push`, and with
  /// `start` in mode push; SPEC §6.3).
  static let transition: [DSLKey] =
    navigation + [.mode, .on, .outcomes, .with, .params, .popTo, .inclusive]

  /// Whether the key is one of the navigation keys (`push` … `select`).
  var isNavigation: Bool {
    rawValue >= DSLKey.push.rawValue && rawValue <= DSLKey.select.rawValue
  }
}
