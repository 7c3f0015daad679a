import Foundation
import Testing

@Suite("flowgraph validate --format sarif")
struct SARIFTests {
  @Test func logHasTheRequiredSARIFStructure() throws {
    let result = try CLI.run([
      "validate", "--format", "sarif", "Tests/Fixtures/cli/undefined-screen.yaml",
    ])
    #expect(result.status == 1)
    let log = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(log["version"] as? String == "2.1.0")
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["name"] as? String == "flowgraph")
    let rules = try #require(driver["rules"] as? [[String: Any]])
    #expect(rules.contains { $0["id"] as? String == "no-exit" })
    let results = try #require(run["results"] as? [[String: Any]])
    let finding = try #require(results.first)
    #expect(finding["ruleId"] as? String == "undefined-reference")
    #expect(finding["level"] as? String == "error")
    let location = try #require((finding["locations"] as? [[String: Any]])?.first)
    let physical = try #require(location["physicalLocation"] as? [String: Any])
    let artifact = try #require(physical["artifactLocation"] as? [String: Any])
    #expect(artifact["uri"] as? String == "Tests/Fixtures/cli/undefined-screen.yaml")
    let region = try #require(physical["region"] as? [String: Any])
    #expect(region["startLine"] as? Int == 9)
    #expect(region["startColumn"] as? Int == 38)
  }

  /// Validates the log against the official SARIF 2.1.0 JSON Schema with the
  /// Python `jsonschema` package (`.ci/run` installs it).
  @Test func logValidatesAgainstTheOfficialSchema() throws {
    let result = try CLI.run([
      "validate", "--format", "sarif", "Tests/Fixtures/cli/undefined-screen.yaml",
      "Tests/Fixtures/cli/unused-task.yaml",
    ])
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("flowgraph-sarif-\(UUID().uuidString).json")
    try Data(result.stdout.utf8).write(to: scratch)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let schema = CLI.packageRoot.appendingPathComponent("Tests/Fixtures/sarif-schema-2.1.0.json")
    let check = Process()
    check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    check.arguments = [
      "python3", "-c",
      """
      import json, sys, jsonschema
      schema = json.load(open(sys.argv[1])); log = json.load(open(sys.argv[2]))
      jsonschema.Draft7Validator(schema).validate(log)
      print("valid")
      """, schema.path, scratch.path,
    ]
    let output = Pipe()
    check.standardOutput = output
    check.standardError = output
    try check.run()
    check.waitUntilExit()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(
      check.terminationStatus == 0,
      "SARIF log invalid (needs python3 with jsonschema: pip install jsonschema):\n\(text)")
  }
}
