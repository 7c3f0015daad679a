import FlowGraphTestSupport
import Foundation

/// Runs the real `flowgraph` binary, as a user would, and captures its output.
enum CLI {
  struct Result: Sendable {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// The package's root folder (where `Package.swift` is).
  static let packageRoot = TestPackage.root

  /// The built `flowgraph` executable: `$FLOWGRAPH_BIN`, or the one beside the test bundle.
  static let executable: URL = {
    if let path = ProcessInfo.processInfo.environment["FLOWGRAPH_BIN"] {
      return URL(fileURLWithPath: path)
    }
    var candidates: [URL] = []
    let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var folder = testBinary.deletingLastPathComponent()
    for _ in 0..<4 {
      candidates.append(folder.appendingPathComponent("flowgraph"))
      folder.deleteLastPathComponent()
    }
    if let bundle = Bundle.main.executableURL?.deletingLastPathComponent() {
      candidates.append(bundle.appendingPathComponent("flowgraph"))
    }
    candidates.append(packageRoot.appendingPathComponent(".build/debug/flowgraph"))
    for candidate in candidates
    where FileManager.default.isExecutableFile(atPath: candidate.path)
      && !candidate.hasDirectoryPath
    {
      return candidate
    }
    fatalError("the flowgraph binary was not found; tried \(candidates.map(\.path))")
  }()

  /// Runs `flowgraph ARGUMENTS` in `directory` (the package root by default),
  /// with `input` on standard input.
  static func run(
    _ arguments: [String], in directory: URL? = nil, input: String? = nil,
    environment: [String: String] = [:]
  ) throws -> Result {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory ?? packageRoot
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = "1"
    for (key, value) in environment { env[key] = value }
    process.environment = env

    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("flowgraph-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outURL = scratch.appendingPathComponent("stdout")
    let errURL = scratch.appendingPathComponent("stderr")
    let inURL = scratch.appendingPathComponent("stdin")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: inURL.path, contents: Data((input ?? "").utf8))
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    let stdin = try FileHandle(forReadingFrom: inURL)
    defer {
      try? out.close()
      try? err.close()
      try? stdin.close()
    }
    process.standardOutput = out
    process.standardError = err
    process.standardInput = stdin
    try process.run()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
    )
  }
}
