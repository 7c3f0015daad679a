/// An action of a screen: its payload and its transition.
struct ActionJSON: Codable {
  var name: String
  /// `nil` for no payload.
  var params: [FieldJSON]?
  var transition: TransitionJSON
  var at: RangeJSON?

  enum CodingKeys: String, CodingKey, CaseIterable {
    case name, params, transition, at
  }
}

extension ActionJSON {
  init(from decoder: any Decoder) throws {
    let object = try StrictObject<CodingKeys>(decoder, what: "an action")
    name = try object.string(.name)
    params = try object.optionalList(.params)
    transition = try object.required(.transition)
    at = try object.optional(.at)
  }
}
