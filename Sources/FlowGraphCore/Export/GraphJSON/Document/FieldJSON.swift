/// A field (a param, an input, a payload member): its name, its type as
/// written in the DSL (`list<Theme?>`), its default value (SPEC §6.3) and its
/// range.
struct FieldJSON: Codable {
  var name: String
  var type: String
  /// The value taken when nothing binds the field; absent for none.
  var `default`: ValueJSON?
  var at: RangeJSON?

  enum CodingKeys: String, CodingKey, CaseIterable {
    case name, type, `default`, at
  }

  init(name: String, type: String, default: ValueJSON? = nil, at: RangeJSON?) {
    self.name = name
    self.type = type
    self.default = `default`
    self.at = at
  }
}

extension FieldJSON {
  init(from decoder: any Decoder) throws {
    let object = try StrictObject<CodingKeys>(decoder, what: "a field")
    name = try object.string(.name)
    type = try object.string(.type)
    `default` = try object.has(.default) ? object.required(.default) as ValueJSON : nil
    at = try object.optional(.at)
  }
}
