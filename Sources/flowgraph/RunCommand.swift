import ArgumentParser

/// `flowgraph run`.
struct RunCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "run", abstract: "Not implemented yet.")

  func run() async throws {
    throw ExitCode(2)
  }
}
