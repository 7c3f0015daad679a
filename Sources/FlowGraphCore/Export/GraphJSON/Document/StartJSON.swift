/// A flow's `start`: a screen, a task whose outcomes pick further starts, a
/// finish, or a start that did not compile.
struct StartJSON: Codable {
  var kind: String
  /// The first screen (`screen`).
  var screen: String?
  /// The task and a start per outcome, by outcome name (`run`).
  var task: String?
  var outcomes: [String: StartJSON]?
  /// The result (`finish`).
  var result: String?
  /// `nil` for no arguments.
  var with: [ArgumentJSON]?
  var at: RangeJSON?

  enum CodingKeys: String, CodingKey, CaseIterable {
    case kind, screen, task, outcomes, result, with, at
  }

  init(kind: String) {
    self.kind = kind
  }

  /// The keys a start of `kind` may have.
  static func keys(for kind: String) -> [CodingKeys] {
    let common: [CodingKeys] = [.kind, .with, .at]
    switch kind {
    case "screen": return common + [.screen]
    case "run": return common + [.task, .outcomes]
    case "finish": return common + [.result]
    default: return common
    }
  }
}

extension StartJSON {
  init(from decoder: any Decoder) throws {
    let object = try StrictObject<CodingKeys>(decoder, what: "a start", checkingKeys: false)
    kind = try object.kind(.kind, in: GraphJSONKind.startKinds, what: "start")
    try object.rejectUnknownKeys(allowed: Self.keys(for: kind), what: "a '\(kind)' start")
    switch kind {
    case "screen":
      screen = try object.string(.screen)
    case "run":
      task = try object.string(.task)
      guard
        let outcomes: [String: StartJSON] = try object.namedMembers(
          .outcomes, what: "outcome handlers")
      else { throw object.error("missing key 'outcomes'") }
      self.outcomes = outcomes
    case "finish":
      result = try object.string(.result)
    default:
      break
    }
    with = try object.optionalList(.with)
    at = try object.optional(.at)
  }
}
