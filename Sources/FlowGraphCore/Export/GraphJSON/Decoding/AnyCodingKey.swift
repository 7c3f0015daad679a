/// A coding key for any member name: reads every key of an object, to refuse
/// the unknown ones and to read objects keyed by names (`on`, `outcomes`).
struct AnyCodingKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }

  init(_ name: String) {
    stringValue = name
  }

  init?(stringValue: String) {
    self.stringValue = stringValue
  }

  init?(intValue: Int) {
    nil
  }
}
