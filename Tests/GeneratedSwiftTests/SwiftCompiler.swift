import Foundation
import Testing

/// Type-checks Swift files against the FlowGraphCore module of this build
/// (`swiftc -typecheck -swift-version 6`), as an app target would compile them.
enum SwiftCompiler {
  struct Result {
    var status: Int32
    var output: String
  }

  /// The folder with `FlowGraphCore.swiftmodule`: beside the test binary, or
  /// `.build/debug/Modules`.
  static let modules: URL? = {
    var candidates: [URL] = []
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    for _ in 0..<5 {
      folder.deleteLastPathComponent()
      candidates.append(folder.appendingPathComponent("Modules"))
    }
    candidates.append(GeneratedFiles.packageRoot.appendingPathComponent(".build/debug/Modules"))
    return candidates.first {
      FileManager.default.fileExists(
        atPath: $0.appendingPathComponent("FlowGraphCore.swiftmodule").path)
    }
  }()

  /// Runs `swiftc -typecheck` on `files` (with `flags` before them).
  static func typecheck(_ files: [URL], flags: [String] = []) throws -> Result {
    let modules = try #require(modules, "FlowGraphCore.swiftmodule not found beside the tests")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path] + flags
      + files.map(\.path)
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
  }
}
