/// An argument: the param of the target it fills and exactly one source.
struct ArgumentJSON: Codable {
  /// Where the argument's value comes from.
  enum Source {
    /// A value written in `with`.
    case literal(ValueJSON)
    /// A field of the trigger's payload.
    case payload(String)
    /// A param of the current screen.
    case screenParam(String)
    /// A param of the action that ran the task (in a `run`'s outcomes).
    case actionParam(String)
    /// A field of the current flow's input.
    case input(String)
  }

  var param: String
  var source: Source
  var at: RangeJSON?

  enum CodingKeys: String, CodingKey, CaseIterable {
    case param, literal, payload, screenParam, actionParam, input, at
  }

  private static let sourceKeys: [CodingKeys] = [
    .literal, .payload, .screenParam, .actionParam, .input,
  ]

  init(param: String, source: Source, at: RangeJSON?) {
    self.param = param
    self.source = source
    self.at = at
  }

  init(from decoder: any Decoder) throws {
    let object = try StrictObject<CodingKeys>(decoder, what: "an argument")
    param = try object.string(.param)
    let present = Self.sourceKeys.filter(object.has)
    guard present.count == 1, let key = present.first else {
      throw object.error(
        "an argument has exactly one source (literal, payload, screenParam, actionParam or input); this one has \(present.count)"
      )
    }
    switch key {
    case .literal: source = .literal(try object.required(.literal))
    case .payload: source = .payload(try object.string(.payload))
    case .screenParam: source = .screenParam(try object.string(.screenParam))
    case .actionParam: source = .actionParam(try object.string(.actionParam))
    default: source = .input(try object.string(.input))
    }
    at = try object.optional(.at)
  }

  func encode(to encoder: any Encoder) throws {
    var object = encoder.container(keyedBy: CodingKeys.self)
    try object.encode(param, forKey: .param)
    switch source {
    case .literal(let value): try object.encode(value, forKey: .literal)
    case .payload(let name): try object.encode(name, forKey: .payload)
    case .screenParam(let name): try object.encode(name, forKey: .screenParam)
    case .actionParam(let name): try object.encode(name, forKey: .actionParam)
    case .input(let name): try object.encode(name, forKey: .input)
    }
    try object.encodeIfPresent(at, forKey: .at)
  }
}
