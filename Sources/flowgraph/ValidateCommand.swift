import ArgumentParser

/// `flowgraph validate`.
struct ValidateCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "validate", abstract: "Not implemented yet.")

  func run() async throws {
    throw ExitCode(2)
  }
}
