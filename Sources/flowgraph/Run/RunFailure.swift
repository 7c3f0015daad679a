import ArgumentParser

/// A `run` that stops: the message for standard error and the exit status
/// (1: an event was not possible; 2: the run could not go on as asked).
struct RunFailure: Error {
  var status: Int32
  var message: String

  /// A bad argument or a missing `--outcome`: exit 2.
  static func usage(_ message: String) -> RunFailure { RunFailure(status: 2, message: message) }

  /// An event that is not possible: exit 1.
  static func impossible(_ message: String) -> RunFailure {
    RunFailure(status: 1, message: message)
  }

  /// Prints the message and exits with the status.
  func exit() -> ExitCode {
    Console.error(message.hasSuffix("\n") ? message : message + "\n")
    return ExitCode(status)
  }
}
