import ArgumentParser

/// The `flowgraph` command: validate, run and draw declarative screen flows.
@main
struct FlowgraphCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "flowgraph",
    abstract: "Validate, run and draw declarative app screen flows (DSL v1).",
    version: "0.1.0",
    subcommands: [
      ValidateCommand.self, RunCommand.self, GraphCommand.self, CompileCommand.self,
      SchemaCommand.self,
    ]
  )
}
