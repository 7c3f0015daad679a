import Foundation
import Testing

@Suite("flowgraph schema")
struct SchemaCommandTests {
  @Test func printsTheCommittedSchemaFile() throws {
    let result = try CLI.run(["schema"])
    #expect(result.status == 0)
    let file = try String(
      contentsOf: CLI.packageRoot.appendingPathComponent("Schemas/flowgraph.schema.json"),
      encoding: .utf8)
    #expect(result.stdout == (file.hasSuffix("\n") ? file : file + "\n"))
    let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    #expect(json?["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
  }
}
