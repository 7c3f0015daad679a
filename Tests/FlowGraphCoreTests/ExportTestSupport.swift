import FlowGraphCore
import FlowGraphTestSupport
import FlowGraphYAML
import Foundation

/// Shared helpers of the export tests: the package's example flows, and the
/// real Graphviz `dot` when it is installed.
enum ExportTestSupport {
  /// The package root (where `Package.swift` is).
  static let packageRoot = TestPackage.root

  /// Every `*.yaml` file in `Flows/`, as paths relative to the package root, sorted.
  static var exampleFlows: [String] {
    let folder = packageRoot.appendingPathComponent("Flows")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted().map {
      "Flows/\($0)"
    }
  }

  /// Loads and validates a flow file (path relative to the package root)
  /// with the YAML front end.
  static func load(_ path: String) throws -> LoadedFlows {
    try FlowGraphLoader().validate(path: packageRoot.appendingPathComponent(path).path)
  }

  /// The `dot` executable on `PATH`, if Graphviz is installed.
  static let dot: URL? = {
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("dot")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
  }()

  /// Runs `dot -Tsvg` on `text`; returns its exit status and error output.
  static func runDot(_ text: String) throws -> (status: Int32, errors: String) {
    guard let dot else { return (0, "") }
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "fg-export-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let input = scratch.appendingPathComponent("in.dot")
    let errors = scratch.appendingPathComponent("errors")
    try Data(text.utf8).write(to: input)
    _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
    let handle = try FileHandle(forWritingTo: errors)
    defer { try? handle.close() }
    let process = Process()
    process.executableURL = dot
    process.arguments = ["-Tsvg", input.path, "-o", scratch.appendingPathComponent("out.svg").path]
    process.standardError = handle
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: try Data(contentsOf: errors), as: UTF8.self)
    )
  }
}
