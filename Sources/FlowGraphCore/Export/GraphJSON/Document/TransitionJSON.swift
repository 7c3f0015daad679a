/// A transition: a `kind` and the members that kind has (`docs/graph-json.md`).
/// Decoding refuses a member the kind does not have and requires those it needs.
struct TransitionJSON: Codable {
  var kind: String
  /// The target screen (`push`, `present`, `replace`, `root`, `popTo`).
  var screen: String?
  /// The result (`finish`).
  var result: String?
  /// The child flow and how it is shown (`start`).
  var flow: String?
  var mode: String?
  /// The handlers of the child's results, by result name (`start`).
  var on: [String: TransitionJSON]?
  /// The screen popped back to first, and whether it goes too (`push`, and
  /// `start` with mode `push`; SPEC §6.3).
  var popTo: String?
  var inclusive: Bool?
  /// The task and a transition per outcome, by outcome name (`run`).
  var task: String?
  var outcomes: [String: TransitionJSON]?
  /// The tab (`select`, SPEC §6.1).
  var tab: String?
  /// `nil` for no arguments.
  var with: [ArgumentJSON]?
  var at: RangeJSON?
  var targetAt: RangeJSON?

  enum CodingKeys: String, CodingKey, CaseIterable {
    case kind, screen, result, flow, mode, on, popTo, inclusive, task, outcomes, tab, with, at,
      targetAt
  }

  init(kind: String) {
    self.kind = kind
  }

  /// The keys a transition of `kind` may have.
  static func keys(for kind: String) -> [CodingKeys] {
    let common: [CodingKeys] = [.kind, .with, .at, .targetAt]
    switch kind {
    case "push": return common + [.screen, .popTo, .inclusive]
    case "present", "replace", "root", "popTo": return common + [.screen]
    case "finish": return common + [.result]
    case "start": return common + [.flow, .mode, .on, .popTo, .inclusive]
    case "run": return common + [.task, .outcomes]
    case "select": return common + [.tab]
    default: return common
    }
  }
}

extension TransitionJSON {
  init(from decoder: any Decoder) throws {
    let object = try StrictObject<CodingKeys>(
      decoder, what: "a transition", checkingKeys: false)
    kind = try object.kind(.kind, in: GraphJSONKind.transitionKinds, what: "transition")
    try object.rejectUnknownKeys(allowed: Self.keys(for: kind), what: "a '\(kind)' transition")
    switch kind {
    case "push", "present", "replace", "root", "popTo":
      screen = try object.string(.screen)
    case "finish":
      result = try object.string(.result)
    case "select":
      tab = try object.string(.tab)
    case "start":
      flow = try object.string(.flow)
      let mode = try object.string(.mode)
      guard Transition.StartMode(rawValue: mode) != nil else {
        throw object.error("unknown start mode '\(mode)'; expected push or present", at: .mode)
      }
      self.mode = mode
      on = try object.namedMembers(.on, what: "result handlers")
    case "run":
      task = try object.string(.task)
      guard
        let outcomes: [String: TransitionJSON] = try object.namedMembers(
          .outcomes, what: "outcome handlers")
      else { throw object.error("missing key 'outcomes'") }
      self.outcomes = outcomes
    default:
      break
    }
    if kind == "push" || kind == "start" {
      popTo = try object.optional(.popTo)
      inclusive = try object.optional(.inclusive)
      if inclusive != nil && popTo == nil {
        throw object.error("'inclusive' needs 'popTo'", at: .inclusive)
      }
      if popTo != nil && mode == "present" {
        throw object.error("'popTo' needs mode push", at: .popTo)
      }
    }
    with = try object.optionalList(.with)
    at = try object.optional(.at)
    targetAt = try object.optional(.targetAt)
  }
}
