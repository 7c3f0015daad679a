/// A `suppress` list: the file it is in, the region it covers (none for the
/// whole file) and the rule ids.
struct SuppressionJSON: Codable {
  var file: Int
  var region: RangeJSON?
  var rules: [String]

  enum CodingKeys: String, CodingKey, CaseIterable {
    case file, region, rules
  }
}

extension SuppressionJSON {
  init(from decoder: any Decoder) throws {
    let object = try StrictObject<CodingKeys>(decoder, what: "a suppression")
    file = try object.int(.file)
    region = try object.optional(.region)
    rules = try object.strings(.rules)
  }
}
