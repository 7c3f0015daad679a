import ArgumentParser

/// `flowgraph schema`.
struct SchemaCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "schema", abstract: "Not implemented yet.")

  func run() async throws {
    throw ExitCode(2)
  }
}
