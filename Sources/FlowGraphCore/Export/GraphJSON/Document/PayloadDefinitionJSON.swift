/// What a ``PayloadDefinitionJSON`` is: a task's outcome or a flow's result.
protocol PayloadDefinitionRole {
  /// The part in words, for error messages ("an outcome").
  static var what: String { get }
}

/// A task's outcome.
enum OutcomeRole: PayloadDefinitionRole {
  static let what = "an outcome"
}

/// A flow's result.
enum ResultRole: PayloadDefinitionRole {
  static let what = "a result"
}

/// A task's outcome or a flow's result: a name and a payload.
struct PayloadDefinitionJSON<Role: PayloadDefinitionRole>: Codable {
  var name: String
  /// `nil` for an empty payload.
  var payload: [FieldJSON]?
  var at: RangeJSON?

  enum CodingKeys: String, CodingKey, CaseIterable {
    case name, payload, at
  }
}

extension PayloadDefinitionJSON {
  init(from decoder: any Decoder) throws {
    let object = try StrictObject<CodingKeys>(decoder, what: Role.what)
    name = try object.string(.name)
    payload = try object.optionalList(.payload)
    at = try object.optional(.at)
  }
}
