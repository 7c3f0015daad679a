import ArgumentParser

/// `flowgraph compile`.
struct CompileCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "compile", abstract: "Not implemented yet.")

  func run() async throws {
    throw ExitCode(2)
  }
}
