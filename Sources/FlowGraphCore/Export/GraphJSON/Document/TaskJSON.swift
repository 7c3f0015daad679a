/// A task: its input and its outcomes.
struct TaskJSON: Codable {
  var name: String
  /// `nil` for no input.
  var input: [FieldJSON]?
  var outcomes: [PayloadDefinitionJSON<OutcomeRole>]
  var at: RangeJSON?

  enum CodingKeys: String, CodingKey, CaseIterable {
    case name, input, outcomes, at
  }
}

extension TaskJSON {
  init(from decoder: any Decoder) throws {
    let object = try StrictObject<CodingKeys>(decoder, what: "a task")
    name = try object.string(.name)
    input = try object.optionalList(.input)
    outcomes = try object.list(.outcomes)
    at = try object.optional(.at)
  }
}
