/// A screen's `back`: `"disabled"` (`back: false` in the DSL) or a custom
/// transition. The default pop is written as no `back` at all.
enum BackJSON: Codable {
  case disabled
  case custom(TransitionJSON)

  init(from decoder: any Decoder) throws {
    if let text = try? decoder.singleValueContainer().decode(String.self) {
      guard text == "disabled" else {
        throw GraphJSONError(
          "back is \"\(text)\"; expected \"disabled\" or a transition (leave it out for the default pop)",
          path: decoder.jsonPath)
      }
      self = .disabled
    } else {
      self = .custom(try TransitionJSON(from: decoder))
    }
  }

  func encode(to encoder: any Encoder) throws {
    switch self {
    case .disabled:
      var value = encoder.singleValueContainer()
      try value.encode("disabled")
    case .custom(let transition):
      try transition.encode(to: encoder)
    }
  }
}
