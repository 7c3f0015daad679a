/// A field (a param, an input, a payload member): its name, its type as
/// written in the DSL (`list<Theme?>`) and its range.
struct FieldJSON: Codable {
  var name: String
  var type: String
  var at: RangeJSON?

  enum CodingKeys: String, CodingKey, CaseIterable {
    case name, type, at
  }
}

extension FieldJSON {
  init(from decoder: any Decoder) throws {
    let object = try StrictObject<CodingKeys>(decoder, what: "a field")
    name = try object.string(.name)
    type = try object.string(.type)
    at = try object.optional(.at)
  }
}
