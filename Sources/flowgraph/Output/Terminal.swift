#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Facts about where output goes.
enum Terminal {
  /// Whether standard output is a terminal.
  static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) != 0 }
  /// Whether standard error is a terminal.
  static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }
  /// Whether standard input is a terminal.
  static var stdinIsTerminal: Bool { isatty(STDIN_FILENO) != 0 }
  /// Whether something was piped or redirected to standard input: a pipe,
  /// or a file that is not empty (not a terminal, not `/dev/null`).
  static var stdinHasPipedInput: Bool {
    var status = stat()
    guard fstat(STDIN_FILENO, &status) == 0 else { return false }
    let type = status.st_mode & S_IFMT
    return type == S_IFIFO || (type == S_IFREG && status.st_size > 0)
  }

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
    writeAll(text.utf8, to: STDOUT_FILENO)
  }

  /// Writes `text` to standard error.
  static func error(_ text: String) {
    writeAll(text.utf8, to: STDERR_FILENO)
  }

  /// Writes `bytes` to the file descriptor `fd` in full, as
  /// `FileHandle.write` does (unbuffered; retried when interrupted).
  static func writeAll(_ bytes: some Collection<UInt8>, to fd: Int32) {
    let bytes = Array(bytes)
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return
        }
        offset += written
      }
    }
  }

  /// Ends the process with `status` (C's `exit`: buffered output is flushed).
  static func exitProcess(_ status: Int32) -> Never {
    exit(status)
  }

  /// Whether `path` names a stream rather than a file: a pipe (`/dev/stdin`
  /// when piped, `<(…)`, a FIFO), a character device or a socket. Such a
  /// path can be read once: what was read is gone.
  static func isStream(_ path: String) -> Bool {
    var status = stat()
    guard stat(path, &status) == 0 else { return false }
    let type = status.st_mode & S_IFMT
    return type != S_IFREG && type != S_IFDIR
  }

  /// All the bytes of the stream at `path` (``isStream(_:)``), read once;
  /// `nil` when it cannot be opened.
  static func readStream(atPath path: String) -> Data? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    return readToEnd(fd)
  }

  /// The first `count` bytes of the file at `path` (fewer when it is
  /// shorter, none when it cannot be read), or `nil` when it cannot be opened
  /// or is a stream (``isStream(_:)``: a look at its head would consume it).
  static func head(of path: String, count: Int) -> Data? {
    guard !isStream(path) else { return nil }
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
      let got = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, count - filled) }
      if got < 0, errno == EINTR { continue }
      if got <= 0 { break }
      filled += got
    }
    return Data(bytes[..<filled])
  }

  /// All of standard input, as `FileHandle.readDataToEndOfFile()` reads it.
  static func readStandardInput() -> Data {
    readToEnd(STDIN_FILENO)
  }

  /// Everything left to read on the file descriptor `fd`.
  private static func readToEnd(_ fd: Int32) -> Data {
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      if count <= 0 { return data }
      data.append(contentsOf: chunk[..<count])
    }
  }

}
