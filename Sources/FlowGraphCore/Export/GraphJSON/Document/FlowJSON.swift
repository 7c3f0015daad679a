/// A flow: its interface, how it starts, and its screens.
struct FlowJSON: Codable {
  var name: String
  var description: String?
  /// `nil` for no input.
  var input: [FieldJSON]?
  /// `nil` for no declared results.
  var results: [PayloadDefinitionJSON<ResultRole>]?
  var start: StartJSON
  var screens: [ScreenJSON]
  var at: RangeJSON?
  var extent: RangeJSON?

  enum CodingKeys: String, CodingKey, CaseIterable {
    case name, description, input, results, start, screens, at, extent
  }
}

extension FlowJSON {
  init(from decoder: any Decoder) throws {
    let object = try StrictObject<CodingKeys>(decoder, what: "a flow")
    name = try object.string(.name)
    description = try object.optionalString(.description)
    input = try object.optionalList(.input)
    results = try object.optionalList(.results)
    start = try object.required(.start)
    screens = try object.list(.screens)
    at = try object.optional(.at)
    extent = try object.optional(.extent)
  }
}
