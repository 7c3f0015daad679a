/// A named type: an enum of string cases.
struct TypeJSON: Codable {
  var name: String
  var cases: [String]
  var at: RangeJSON?

  enum CodingKeys: String, CodingKey, CaseIterable {
    case name, cases, at
  }
}

extension TypeJSON {
  init(from decoder: any Decoder) throws {
    let object = try StrictObject<CodingKeys>(decoder, what: "a type")
    name = try object.string(.name)
    cases = try object.strings(.cases)
    at = try object.optional(.at)
  }
}
