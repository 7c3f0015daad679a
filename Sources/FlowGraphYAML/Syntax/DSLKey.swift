#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A key of the DSL, recognised from a scalar's bytes
/// (``SyntaxDecoder/key(_:)``, ``init(utf8:)``), so that the decoder's hot
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

  /// The key `text` spells (`.other` for any other text): its length and
  /// first bytes pick the one key it may be, then one comparison decides.
  /// No hashing and no look-up in a table: the decoder asks this of every
  /// key of every screen and transition, several times for some.
  @inline(__always)
  init(utf8 text: UnsafeBufferPointer<UInt8>) {
    guard text.count >= 2, text.count <= 11, let base = text.baseAddress else {
      self = .other
      return
    }
    let candidate = Self.candidate(count: text.count, first: base[0], second: base[1])
    let spelled = candidate.staticText
    self =
      spelled.utf8CodeUnitCount == text.count
        && memcmp(spelled.utf8Start, base, text.count) == 0 ? candidate : .other
  }

  /// The only key of `count` bytes that starts with `first` and `second`
  /// (`.other` when there is none).
  @inline(__always)
  private static func candidate(count: Int, first: UInt8, second: UInt8) -> DSLKey {
    switch count {
    case 2: return first == UInt8(ascii: "o") ? .on : .other
    case 3:
      switch first {
      case UInt8(ascii: "p"): return .pop
      case UInt8(ascii: "r"): return .run
      default: return .other
      }
    case 4:
      switch first {
      case UInt8(ascii: "p"): return .push
      case UInt8(ascii: "r"): return .root
      case UInt8(ascii: "b"): return .back
      case UInt8(ascii: "t"): return .tabs
      case UInt8(ascii: "f"): return .flow
      case UInt8(ascii: "m"): return .mode
      case UInt8(ascii: "w"): return .with
      default: return .other
      }
    case 5:
      switch first {
      case UInt8(ascii: "s"): return .start
      case UInt8(ascii: "p"): return .popTo
      case UInt8(ascii: "t"): return .title
      default: return .other
      }
    case 6:
      switch first {
      case UInt8(ascii: "f"): return .finish
      case UInt8(ascii: "s"): return .select
      case UInt8(ascii: "p"): return .params
      default: return .other
      }
    case 7:
      switch first {
      case UInt8(ascii: "p"): return .present
      case UInt8(ascii: "r"): return .replace
      case UInt8(ascii: "a"): return .actions
      default: return .other
      }
    case 8:
      switch first {
      case UInt8(ascii: "o"): return .outcomes
      case UInt8(ascii: "d"): return .deeplink
      case UInt8(ascii: "s"): return second == UInt8(ascii: "u") ? .suppress : .selected
      default: return .other
      }
    case 9: return first == UInt8(ascii: "i") ? .inclusive : .other
    case 11:
      guard first == UInt8(ascii: "d") else { return .other }
      return second == UInt8(ascii: "e") ? .description : .dismissible
    default: return .other
    }
  }

  /// The key's text (empty for `.other` and `.notScalar`).
  var text: String { staticText.description }

  /// The key's text, as the bytes ``init(utf8:)`` compares (inlined there:
  /// every key read asks it).
  @inline(__always)
  private var staticText: StaticString {
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
