/// The JSON form of a saved ``FlowState`` (format `flowgraph-state`,
/// version 1): every flow, screen, action, task outcome and result by name,
/// every value with the type it had, so that a changed graph can be told
/// apart and named. docs/runtime.md describes the format.
struct SavedState: Codable {
  static let format = "flowgraph-state"
  static let version = 1

  var format: String
  var version: Int
  /// The graph's fingerprint when the state was saved.
  var graph: String
  var flows: [SavedFlow]
  var layers: [SavedLayer]
  var finished: SavedFinish?
  var next: SavedCounters
  /// The URL of the pending deep link (SPEC §6.2); its route is computed
  /// again on restore.
  var pendingLink: String?
}

struct SavedCounters: Codable {
  var flow: Int
  var screen: Int
}

/// A typed value by name.
struct SavedField: Codable {
  var name: String
  var type: String
  var value: SavedValue
}

struct SavedFlow: Codable {
  var id: Int
  var flow: String
  var input: [SavedField]
  var parent: Int?
  var mode: String?
  var startedBy: SavedPath?
  /// A tab flow's tabs screen (its screen instance id; SPEC §6.1).
  var tabsScreen: Int?
}

/// A ``TransitionPath`` by names: a screen's action (or custom back), then
/// `{"outcome": name}` and `{"on": result}` steps.
struct SavedPath: Codable {
  struct Step: Codable {
    var outcome: String?
    var on: String?
  }

  var flow: String
  var screen: String
  var action: String?
  var back: Bool?
  /// A tab of a tabs screen, by name (SPEC §6.1).
  var tab: String?
  var steps: [Step]
}

struct SavedScreen: Codable {
  var id: Int
  var screen: String
  var flow: Int
  var params: [SavedField]
}

struct SavedLayer: Codable {
  var owner: Int
  var selected: Int
  var stacks: [[SavedScreen]]
  /// A tabs layer's tabs screen (SPEC §6.1); the stacks are its tabs, in order.
  var tabs: SavedScreen?
}

struct SavedFinish: Codable {
  var flow: String
  var result: String
  var payload: [SavedField]
}

/// A JSON value.
enum SavedValue: Codable, Hashable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([SavedValue])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let flag = try? container.decode(Bool.self) {
      self = .bool(flag)
    } else if let number = try? container.decode(Int.self) {
      self = .int(number)
    } else if let number = try? container.decode(Double.self) {
      self = .double(number)
    } else if let text = try? container.decode(String.self) {
      self = .string(text)
    } else if let items = try? container.decode([SavedValue].self) {
      self = .array(items)
    } else {
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription: "a value must be null, a boolean, a number, a string or an array")
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let flag): try container.encode(flag)
    case .int(let number): try container.encode(number)
    case .double(let number): try container.encode(number)
    case .string(let text): try container.encode(text)
    case .array(let items): try container.encode(items)
    }
  }

  /// The JSON form of a value.
  init(_ value: Value) {
    switch value {
    case .null: self = .null
    case .bool(let flag): self = .bool(flag)
    case .int(let number): self = .int(number)
    case .double(let number): self = .double(number)
    case .string(let text), .url(let text), .date(let text): self = .string(text)
    case .list(let items): self = .array(items.map(SavedValue.init))
    }
  }

  /// The value of a type this JSON holds, when it fits.
  func value(as type: ValueType, in graph: FlowGraph) -> Value? {
    let raw: Value
    switch self {
    case .null: raw = .null
    case .bool(let flag): raw = .bool(flag)
    case .int(let number): raw = .int(number)
    case .double(let number):
      if case .int = type.nonOptional, number == number.rounded(), abs(number) < 9e15 {
        raw = .int(Int(number))
      } else {
        raw = .double(number)
      }
    case .string(let text): raw = .string(text)
    case .array(let items):
      guard case .list(let element) = type.nonOptional else { return nil }
      var values: [Value] = []
      for item in items {
        guard let value = item.value(as: element, in: graph) else { return nil }
        values.append(value)
      }
      raw = .list(values)
    }
    return graph.coerce(raw, to: type)
  }
}
