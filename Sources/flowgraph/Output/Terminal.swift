import Foundation

/// Facts about where output goes.
enum Terminal {
  /// Whether standard output is a terminal.
  static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) != 0 }
  /// Whether standard error is a terminal.
  static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }
  /// Whether standard input is a terminal.
  static var stdinIsTerminal: Bool { isatty(STDIN_FILENO) != 0 }

  /// Whether to colour output written to a stream: only on a terminal, and
  /// never when `NO_COLOR` is set (https://no-color.org).
  static func useColor(onTerminal isTerminal: Bool) -> Bool {
    guard isTerminal else { return false }
    let environment = ProcessInfo.processInfo.environment
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
    return environment["TERM"] != "dumb"
  }
}

/// Writes text to standard output or standard error without buffering surprises.
enum Console {
  /// Writes `text` to standard output.
  static func out(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  /// Writes `text` to standard error.
  static func error(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }
}
