import ArgumentParser

/// `flowgraph graph`.
struct GraphCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "graph", abstract: "Not implemented yet.")

  func run() async throws {
    throw ExitCode(2)
  }
}
