import Foundation
import Testing

@Suite("Generated Swift: the checked-in files match the generator")
struct GeneratedDriftTests {
  @Test(arguments: try GeneratedFiles.exampleFlows())
  func theCheckedInFileIsWhatTheGeneratorWrites(flow: URL) throws {
    let (namespace, code) = try GeneratedFiles.generate(flow)
    let file = GeneratedFiles.generatedFolder.appendingPathComponent("\(namespace).swift")
    let checkedIn = try String(contentsOf: file, encoding: .utf8)
    #expect(
      checkedIn == code,
      """
      Tests/GeneratedSwiftTests/Generated/\(namespace).swift is out of date; regenerate it:
      swift run flowgraph generate swift Flows/\(flow.lastPathComponent) -o Tests/GeneratedSwiftTests/Generated/\(namespace).swift
      """)
  }

  @Test func everyCheckedInFileComesFromAFlowFile() throws {
    let namespaces = try GeneratedFiles.exampleFlows().map { try GeneratedFiles.generate($0).0 }
    let files = try FileManager.default.contentsOfDirectory(
      atPath: GeneratedFiles.generatedFolder.path)
    #expect(files.sorted() == namespaces.map { "\($0).swift" }.sorted())
  }

  @Test func generationIsDeterministic() throws {
    for flow in try GeneratedFiles.exampleFlows() {
      #expect(try GeneratedFiles.generate(flow).code == GeneratedFiles.generate(flow).code)
    }
  }
}
