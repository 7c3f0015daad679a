/// A literal: `null`, or an object with one member that names its type, so
/// that it reads back exactly (`{"int": 3}`, `{"double": "nan"}`).
indirect enum ValueJSON: Codable {
  case null
  case bool(Bool)
  case int(Int)
  /// Not a number and the infinities are written `"nan"`, `"inf"`, `"-inf"`.
  case double(Double)
  case string(String)
  case url(String)
  case date(String)
  case list([ValueJSON])

  enum CodingKeys: String, CodingKey, CaseIterable {
    case bool, int, double, string, url, date, list
  }

  init(from decoder: any Decoder) throws {
    if let value = try? decoder.singleValueContainer(), value.decodeNil() {
      self = .null
      return
    }
    let object = try StrictObject<CodingKeys>(decoder, what: "a literal value")
    let present = CodingKeys.allCases.filter(object.has)
    guard present.count == 1, let key = present.first else {
      throw object.error(
        "a literal value is null or an object with one of: \(CodingKeys.allCases.map(\.stringValue).joined(separator: ", "))"
      )
    }
    switch key {
    case .bool: self = .bool(try object.bool(.bool))
    case .int: self = .int(try object.int(.int))
    case .double: self = .double((try object.required(.double) as DoubleJSON).number)
    case .string: self = .string(try object.string(.string))
    case .url: self = .url(try object.string(.url))
    case .date: self = .date(try object.string(.date))
    case .list: self = .list(try object.list(.list))
    }
  }

  func encode(to encoder: any Encoder) throws {
    if case .null = self {
      var value = encoder.singleValueContainer()
      try value.encodeNil()
      return
    }
    var object = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .null: break
    case .bool(let flag): try object.encode(flag, forKey: .bool)
    case .int(let number): try object.encode(number, forKey: .int)
    case .double(let number): try object.encode(DoubleJSON(number: number), forKey: .double)
    case .string(let text): try object.encode(text, forKey: .string)
    case .url(let text): try object.encode(text, forKey: .url)
    case .date(let text): try object.encode(text, forKey: .date)
    case .list(let elements): try object.encode(elements, forKey: .list)
    }
  }
}

/// A double: a JSON number, or `"nan"`, `"inf"`, `"-inf"`, which JSON has no
/// numbers for.
struct DoubleJSON: Codable {
  var number: Double

  init(number: Double) {
    self.number = number
  }

  init(from decoder: any Decoder) throws {
    let value = try decoder.singleValueContainer()
    if let number = try? value.decode(Double.self) {
      self.number = number
      return
    }
    switch try? value.decode(String.self) {
    case "nan": number = .nan
    case "inf": number = .infinity
    case "-inf": number = -.infinity
    default: throw decoder.mismatch(expected: "a number, \"nan\", \"inf\" or \"-inf\"")
    }
  }

  func encode(to encoder: any Encoder) throws {
    var value = encoder.singleValueContainer()
    if number.isNaN {
      try value.encode("nan")
    } else if number.isInfinite {
      try value.encode(number < 0 ? "-inf" : "inf")
    } else {
      try value.encode(number)
    }
  }
}
