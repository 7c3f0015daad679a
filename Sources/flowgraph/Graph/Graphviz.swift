import ArgumentParser

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

/// Runs Graphviz's `dot` to turn DOT text into SVG.
enum Graphviz {
  /// How to install Graphviz, for the error when `dot` is missing.
  static let installHint = """
    the svg format needs Graphviz's 'dot', which was not found on PATH.
      Install Graphviz: 'apt-get install graphviz' (Debian, Ubuntu), 'brew install graphviz' (macOS),
      or see https://graphviz.org/download/. Or write DOT with '--format dot' and render it elsewhere.
    """

  /// The `dot` executable: `$FLOWGRAPH_DOT` when set, else the first `dot` on `PATH`.
  static func executable() -> URL? {
    let environment = ProcessInfo.processInfo.environment
    if let path = environment["FLOWGRAPH_DOT"], !path.isEmpty {
      return FileManager.default.isExecutableFile(atPath: path) ? URL(fileURLWithPath: path) : nil
    }
    for folder in (environment["PATH"] ?? "").split(separator: ":") where !folder.isEmpty {
      let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("dot")
      var isFolder = false
      if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder),
        !isFolder,
        FileManager.default.isExecutableFile(atPath: candidate.path)
      {
        return candidate
      }
    }
    return nil
  }

  /// The SVG that `dot -Tsvg` draws for `dot`. Exits 2 with a message when
  /// Graphviz is missing or fails.
  static func svg(fromDOT dot: String) throws -> Data {
    guard let executable = executable() else {
      Console.error("error: " + installHint + "\n")
      throw ExitCode(2)
    }
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("flowgraph-dot-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    } catch {
      Console.error("error: cannot create a temporary folder: \(error.readableDescription)\n")
      throw ExitCode(2)
    }
    defer { try? FileManager.default.removeItem(at: scratch) }
    let input = scratch.appendingPathComponent("graph.dot")
    let output = scratch.appendingPathComponent("graph.svg")
    let errors = scratch.appendingPathComponent("stderr")
    do {
      try Data(dot.utf8).write(to: input)
      let status = try run(
        executable.path, ["-Tsvg", input.path, "-o", output.path], errors: errors.path)
      guard status == 0 else {
        let message = String(decoding: (try? Data(contentsOf: errors)) ?? Data(), as: UTF8.self)
        Console.error(
          "error: Graphviz '\(executable.path)' failed (status \(status)): \(message)\n"
        )
        throw ExitCode(2)
      }
      return try Data(contentsOf: output)
    } catch let exit as ExitCode {
      throw exit
    } catch {
      Console.error(
        "error: cannot run Graphviz '\(executable.path)': \(error.readableDescription)\n")
      throw ExitCode(2)
    }
  }

  #if canImport(FoundationEssentials)
    /// Runs `executable` with `arguments`, standard input and output on
    /// `/dev/null` and standard error into the file `errors`, and waits: its
    /// exit status, or the number of the signal that ended it (what `Process`
    /// calls its `terminationStatus`).
    private static func run(_ executable: String, _ arguments: [String], errors: String) throws
      -> Int32
    {
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
      posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      let argv = ([executable] + arguments).map { strdup($0) } + [nil]
      defer { for pointer in argv { free(pointer) } }
      var pid = pid_t()
      let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
      guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 {
        guard errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
      }
      // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift cannot import as macros.
      return status & 0x7F == 0 ? (status >> 8) & 0xFF : status & 0x7F
    }
  #else
    /// Runs `executable` with `arguments`, standard input and output on
    /// `/dev/null` and standard error into the file `errors`, and waits: its
    /// exit status, or the number of the signal that ended it (where full
    /// Foundation is imported, as on Apple platforms: through `Process`).
    private static func run(_ executable: String, _ arguments: [String], errors: String) throws
      -> Int32
    {
      FileManager.default.createFile(atPath: errors, contents: nil)
      let errorHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
      defer { try? errorHandle.close() }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = arguments
      process.standardError = errorHandle
      process.standardOutput = FileHandle.nullDevice
      process.standardInput = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      return process.terminationStatus
    }
  #endif
}
