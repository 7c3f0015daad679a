import FlowGraphYAML
import Foundation
import Testing

@Suite("Schema file")
struct SchemaFileTests {
  @Test("DSLSchema.json holds Schemas/flowgraph.schema.json byte for byte")
  func embeddedSchemaIsTheFile() throws {
    let file = try SchemaFile.bytes()
    let embedded = Array(DSLSchema.json.utf8)
    let difference = Self.firstDifference(file, embedded)
    #expect(
      difference == nil,
      """
      DSLSchema.swift differs from the schema file \(difference ?? ""); \
      run Scripts/generate-schema-swift.sh
      """)
  }

  @Test("the schema is a draft 2020-12 JSON Schema of DSL version 1")
  func schemaDeclaresDraftAndVersion() throws {
    let schema = try SchemaFile.object()
    #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    let version = try SchemaFile.object(schema, at: ["properties", "flowgraph"])
    #expect(version["const"] as? Int == 1)
    #expect(schema["additionalProperties"] as? Bool == false)
  }

  /// Where two byte strings first differ (`nil` when equal), as "at line L, byte B".
  static func firstDifference(_ expected: [UInt8], _ actual: [UInt8]) -> String? {
    let common = zip(expected, actual).prefix { $0 == $1 }.count
    if common == expected.count && common == actual.count { return nil }
    let line = expected[..<common].count { $0 == UInt8(ascii: "\n") } + 1
    return
      "at line \(line), byte \(common) (file: \(expected.count) bytes, literal: \(actual.count))"
  }
}
