/// A screen: what it shows and its actions.
struct ScreenJSON: Codable {
  /// The screen's index in the model, when screens are not numbered flow by
  /// flow in document order.
  var id: Int?
  var name: String
  var title: String?
  var description: String?
  /// `nil` for no params.
  var params: [FieldJSON]?
  var deeplink: String?
  /// The `deeplink` value's scalar.
  var deeplinkAt: RangeJSON?
  /// `false`, or `nil` for the default (dismissible).
  var dismissible: Bool?
  /// `nil` for the default pop.
  var back: BackJSON?
  /// `nil` for no actions.
  var actions: [ActionJSON]?
  /// A tabs screen's tabs (SPEC §6.1); `nil` for an ordinary screen.
  var tabs: [TabJSON]?
  /// The index of the tab shown first; `nil` for the first.
  var selected: Int?
  var at: RangeJSON?
  var extent: RangeJSON?

  enum CodingKeys: String, CodingKey, CaseIterable {
    case id, name, title, description, params, deeplink, deeplinkAt, dismissible, back, actions,
      tabs, selected, at, extent
  }
}

extension ScreenJSON {
  init(from decoder: any Decoder) throws {
    let object = try StrictObject<CodingKeys>(decoder, what: "a screen")
    id = try object.optionalInt(.id)
    if let id, id < 0 { throw object.error("a screen id cannot be negative", at: .id) }
    name = try object.string(.name)
    title = try object.optionalString(.title)
    description = try object.optionalString(.description)
    params = try object.optionalList(.params)
    deeplink = try object.optionalString(.deeplink)
    deeplinkAt = try object.optional(.deeplinkAt)
    dismissible = try object.optionalBool(.dismissible)
    back = try object.optional(.back)
    actions = try object.optionalList(.actions)
    tabs = try object.optionalList(.tabs)
    selected = try object.optionalInt(.selected)
    at = try object.optional(.at)
    extent = try object.optional(.extent)
  }
}

/// A tab of a tabs screen: its name and title, and the `start` of its flow
/// (mode push) with the tab's arguments and handlers.
struct TabJSON: Codable {
  var name: String
  var title: String?
  var start: TransitionJSON

  enum CodingKeys: String, CodingKey, CaseIterable {
    case name, title, start
  }
}

extension TabJSON {
  init(from decoder: any Decoder) throws {
    let object = try StrictObject<CodingKeys>(decoder, what: "a tab")
    name = try object.string(.name)
    title = try object.optionalString(.title)
    start = try object.required(.start)
  }
}
