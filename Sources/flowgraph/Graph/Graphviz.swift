import ArgumentParser
import Foundation

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
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder),
        !isFolder.boolValue,
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
      Console.error("error: cannot create a temporary folder: \(error.localizedDescription)\n")
      throw ExitCode(2)
    }
    defer { try? FileManager.default.removeItem(at: scratch) }
    let input = scratch.appendingPathComponent("graph.dot")
    let output = scratch.appendingPathComponent("graph.svg")
    let errors = scratch.appendingPathComponent("stderr")
    do {
      try Data(dot.utf8).write(to: input)
      _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
      let errorHandle = try FileHandle(forWritingTo: errors)
      defer { try? errorHandle.close() }
      let process = Process()
      process.executableURL = executable
      process.arguments = ["-Tsvg", input.path, "-o", output.path]
      process.standardError = errorHandle
      process.standardOutput = FileHandle.nullDevice
      process.standardInput = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      guard process.terminationReason == .exit, process.terminationStatus == 0 else {
        let message = String(decoding: (try? Data(contentsOf: errors)) ?? Data(), as: UTF8.self)
        Console.error(
          "error: Graphviz '\(executable.path)' failed (status \(process.terminationStatus)): \(message)\n"
        )
        throw ExitCode(2)
      }
      return try Data(contentsOf: output)
    } catch let exit as ExitCode {
      throw exit
    } catch {
      Console.error(
        "error: cannot run Graphviz '\(executable.path)': \(error.localizedDescription)\n")
      throw ExitCode(2)
    }
  }
}
