import ArgumentParser

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The `flowgraph` command: validate, run and draw declarative screen flows.
@main
struct FlowgraphCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "flowgraph",
    abstract: "Validate, run and draw declarative app screen flows (DSL v1).",
    discussion: """
      Exit status: 0 success, 1 findings at error severity (validate), an event \
      that is not possible (run) or an unroutable deep link (routes), 2 the command \
      could not run (bad arguments, an unreadable path, an invalid flow file for \
      run/graph/compile/generate/paths/routes).
      """,
    version: "0.1.0",
    subcommands: [
      ValidateCommand.self, RunCommand.self, GraphCommand.self, CompileCommand.self,
      GenerateCommand.self, PathsCommand.self, RoutesCommand.self, SchemaCommand.self,
    ]
  )

  /// Runs the command, mapping every usage error to exit status 2 (SPEC §4):
  /// ArgumentParser's own default is 64 (`EX_USAGE`).
  static func main() async {
    HeapTuning.configure()
    do {
      var command = try parseAsRoot()
      if var command = command as? any AsyncParsableCommand {
        try await command.run()
      } else {
        try command.run()
      }
    } catch {
      let code = exitCode(for: error)
      let message = fullMessage(for: error)
      if !message.isEmpty {
        if code == .success {
          print(message)
        } else {
          Console.error(message + "\n")
        }
      }
      Console.exitProcess(code == .validationFailure ? 2 : code.rawValue)
    }
  }
}
