import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the real `flowgraph` binary on a pseudo-terminal, as a person at a
/// terminal would: waits for what it prints, types a line, and so on.
final class TerminalSession {
  private let master: Int32
  private let process = Process()
  private var buffer = ""
  private var consumed: String.Index
  /// Everything the program printed (and the terminal echoed), `\r\n` as `\n`.
  var transcript: String { buffer }

  /// Starts `flowgraph ARGUMENTS` in the package root with a pseudo-terminal
  /// as its standard input, output and error.
  init(_ arguments: [String]) throws {
    let pty = try PseudoTerminalCalls()
    master = pty.open(O_RDWR | O_NOCTTY)
    guard master >= 0, pty.grant(master) == 0, pty.unlock(master) == 0, let name = pty.name(master)
    else {
      throw TerminalError.noPseudoTerminal
    }
    let slavePath = String(cString: name)
    guard let slave = FileHandle(forUpdatingAtPath: slavePath) else {
      throw TerminalError.noPseudoTerminal
    }
    process.executableURL = CLI.executable
    process.arguments = arguments
    process.currentDirectoryURL = CLI.packageRoot
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    environment["TERM"] = "xterm"
    process.environment = environment
    process.standardInput = slave
    process.standardOutput = slave
    process.standardError = slave
    consumed = buffer.startIndex
    try process.run()
    try slave.close()
  }

  deinit {
    if process.isRunning { process.terminate() }
    close(master)
  }

  enum TerminalError: Error, CustomStringConvertible {
    case noPseudoTerminal
    case timedOut(waitingFor: String, transcript: String)

    var description: String {
      switch self {
      case .noPseudoTerminal: "no pseudo-terminal could be opened"
      case .timedOut(let text, let transcript):
        "'\(text)' did not appear; the terminal showed:\n\(transcript)"
      }
    }
  }

  /// Waits until `text` appears after what earlier waits matched (a safety
  /// limit of 30 s turns a hang into a failure, it is not a timing check).
  @discardableResult
  func expect(_ text: String) throws -> String {
    let deadline = Date().addingTimeInterval(30)
    while true {
      if let range = buffer.range(of: text, range: consumed..<buffer.endIndex) {
        let seen = String(buffer[consumed..<range.upperBound])
        consumed = range.upperBound
        return seen
      }
      guard Date() < deadline, readSome(timeout: 100) != .closed else {
        throw TerminalError.timedOut(waitingFor: text, transcript: buffer)
      }
    }
  }

  /// Types a line and Enter.
  func type(_ line: String) {
    press(line + "\n")
  }

  /// Types `keys` as they are (escape sequences for arrow keys included).
  func press(_ keys: String) {
    let bytes = Array(keys.utf8)
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  /// Closes the input (Ctrl-D at the start of a line).
  func endInput() {
    var eot: UInt8 = 4
    _ = write(master, &eot, 1)
  }

  /// Reads until the program exits; its exit status.
  func finish() throws -> Int32 {
    let deadline = Date().addingTimeInterval(30)
    while readSome(timeout: 50) != .closed {
      if !process.isRunning, readSome(timeout: 0) != .data { break }
      if Date() > deadline {
        throw TerminalError.timedOut(waitingFor: "the end", transcript: buffer)
      }
    }
    process.waitUntilExit()
    return process.terminationStatus
  }

  private enum ReadResult { case data, nothing, closed }

  /// Reads what is available within the timeout.
  private func readSome(timeout milliseconds: Int32) -> ReadResult {
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, milliseconds) > 0 else { return .nothing }
    var bytes = [UInt8](repeating: 0, count: 4096)
    let count = read(master, &bytes, bytes.count)
    guard count > 0 else { return .closed }
    let offset = buffer.distance(from: buffer.startIndex, to: consumed)
    buffer += String(decoding: bytes[0..<count], as: UTF8.self).replacingOccurrences(
      of: "\r\n", with: "\n")
    consumed = buffer.index(buffer.startIndex, offsetBy: offset)
    return .data
  }
}

/// `posix_openpt`, `grantpt`, `unlockpt` and `ptsname`, looked up at run
/// time (Glibc's module hides them behind `_XOPEN_SOURCE`).
private struct PseudoTerminalCalls {
  typealias Open = @convention(c) (Int32) -> Int32
  typealias Call = @convention(c) (Int32) -> Int32
  typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

  let open: Open
  let grant: Call
  let unlock: Call
  let name: Name

  init() throws {
    guard let process = dlopen(nil, RTLD_NOW),
      let open = dlsym(process, "posix_openpt"), let grant = dlsym(process, "grantpt"),
      let unlock = dlsym(process, "unlockpt"), let name = dlsym(process, "ptsname")
    else { throw TerminalSession.TerminalError.noPseudoTerminal }
    self.open = unsafeBitCast(open, to: Open.self)
    self.grant = unsafeBitCast(grant, to: Call.self)
    self.unlock = unsafeBitCast(unlock, to: Call.self)
    self.name = unsafeBitCast(name, to: Name.self)
  }
}
