import Foundation

/// `Schemas/flowgraph.schema.json` of this checkout, found from this file's path.
enum SchemaFile {
  /// The schema file's URL.
  static let url = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // FlowGraphYAMLTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // the package
    .appendingPathComponent("Schemas/flowgraph.schema.json")

  /// The file's bytes.
  static func bytes() throws -> [UInt8] {
    Array(try Data(contentsOf: url))
  }

  /// The file's JSON object.
  static func object() throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
    guard let object = value as? [String: Any] else {
      throw Problem("the schema is not a JSON object")
    }
    return object
  }

  /// The object at `path` (object keys) inside `object`.
  static func object(_ object: [String: Any], at path: [String]) throws -> [String: Any] {
    var current = object
    for (index, key) in path.enumerated() {
      guard let next = current[key] as? [String: Any] else {
        throw Problem("the schema has no object at /\(path[...index].joined(separator: "/"))")
      }
      current = next
    }
    return current
  }

  /// The strings of the array at `path` inside `object`.
  static func strings(_ object: [String: Any], at path: [String]) throws -> [String] {
    let parent = try self.object(object, at: Array(path.dropLast()))
    guard let key = path.last, let strings = parent[key] as? [String] else {
      throw Problem("the schema has no list of strings at /\(path.joined(separator: "/"))")
    }
    return strings
  }

  /// A problem with the schema file's shape.
  struct Problem: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }
}
