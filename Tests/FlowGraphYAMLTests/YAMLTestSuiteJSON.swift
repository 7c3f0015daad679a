import FlowGraphYAML
import Foundation

/// A JSON value from a case's `in.json`, and how a ``YAMLNode`` compares to it.
indirect enum YAMLTestSuiteJSON: Decodable, Equatable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([YAMLTestSuiteJSON])
  case object([String: YAMLTestSuiteJSON])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int.self) {
      self = .int(value)
    } else if let value = try? container.decode(Double.self) {
      self = .double(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([YAMLTestSuiteJSON].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: YAMLTestSuiteJSON].self))
    }
  }

  /// The first difference between `node` and this value, or `nil` when they
  /// match: strings compare by value (in.json reads scalars by the JSON
  /// schema), numbers, booleans and null by the core schema.
  func difference(from node: YAMLNode, path: String = "$") -> String? {
    switch (self, node.kind) {
    case (.array(let items), .sequence):
      guard items.count == node.items.count else {
        return "\(path): \(node.items.count) items, expected \(items.count)"
      }
      for (offset, item) in items.enumerated() {
        if let difference = item.difference(from: node.items[offset], path: "\(path)[\(offset)]") {
          return difference
        }
      }
      return nil
    case (.object(let members), .mapping):
      guard members.count == node.pairs.count else {
        return "\(path): \(node.pairs.count) pairs, expected \(members.count)"
      }
      for pair in node.pairs {
        let key = pair.key.text ?? "?"
        guard let member = members[key] else { return "\(path): unexpected key '\(key)'" }
        if let difference = member.difference(from: pair.value, path: "\(path).\(key)") {
          return difference
        }
      }
      return nil
    case (.string(let text), .scalar):
      return node.text == text ? nil : "\(path): '\(node.text ?? "")', expected '\(text)'"
    case (_, .scalar):
      let value = node.scalar!.coreValue
      switch (self, value) {
      case (.null, .null): return nil
      case (.bool(let expected), .bool(let actual)) where expected == actual: return nil
      case (.int(let expected), .int(let actual)) where expected == actual: return nil
      case (.int(let expected), .double(let actual)) where Double(expected) == actual: return nil
      case (.double(let expected), .double(let actual)) where expected == actual: return nil
      case (.double(let expected), .int(let actual)) where expected == Double(actual): return nil
      default: return "\(path): \(value), expected \(self)"
      }
    default:
      return "\(path): a \(node.kind), expected \(self)"
    }
  }
}
