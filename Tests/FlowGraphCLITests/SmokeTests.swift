import Testing

@Suite struct SmokeTests {
  @Test func helpListsTheSubcommands() throws {
    let result = try CLI.run(["--help"])
    #expect(result.status == 0)
    for command in ["validate", "run", "graph", "compile", "schema"] {
      #expect(result.stdout.contains(command))
    }
  }
}
