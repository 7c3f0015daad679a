import ArgumentParser
import FlowGraphYAML

/// `flowgraph schema`: prints the DSL's JSON Schema.
struct SchemaCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "schema",
    abstract: "Print the JSON Schema (draft 2020-12) of DSL v1.",
    discussion: """
      The same text as Schemas/flowgraph.schema.json. Point an editor at it for \
      completion and hover docs, e.g. with the first line of a flow file: \
      # yaml-language-server: $schema=../Schemas/flowgraph.schema.json
      """
  )

  func run() throws {
    Console.out(DSLSchema.json.hasSuffix("\n") ? DSLSchema.json : DSLSchema.json + "\n")
  }
}
