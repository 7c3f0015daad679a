#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Invariant checks that turn a logic bug into a crash libFuzzer records.
package enum FuzzCheck {
  /// Stops the process (SIGABRT, which libFuzzer reports as a deadly signal
  /// and saves the input for) when `condition` is false, after printing what
  /// was violated. Unlike `precondition`, the message survives `-O`.
  package static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if condition { return }
    fail(message())
  }

  /// Prints `message` as an invariant violation and aborts.
  package static func fail(_ message: String) -> Never {
    printError("flowgraph fuzz invariant violated: \(message)\n")
    abort()
  }

  /// Writes `text` to standard error, unbuffered.
  package static func printError(_ text: String) {
    var text = text
    text.withUTF8 { buffer in
      var written = 0
      while written < buffer.count {
        let count = write(2, buffer.baseAddress! + written, buffer.count - written)
        if count <= 0 { return }
        written += count
      }
    }
  }
}
