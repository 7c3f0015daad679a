import Foundation

/// Scratch folders and sample files for the `graph` and `compile` tests.
enum GraphTestSupport {
  /// A new empty folder, removed by the caller with `cleanUp`.
  static func scratchFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "fg-graph-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Removes a scratch folder.
  static func cleanUp(_ url: URL) {
    try? FileManager.default.removeItem(at: url)
  }

  /// Writes `text` to `name` in `folder`; returns its path.
  @discardableResult
  static func write(_ text: String, _ name: String, in folder: URL) throws -> String {
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  /// Whether Graphviz's `dot` is on `PATH`.
  static let hasDot: Bool = {
    (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
      FileManager.default.isExecutableFile(atPath: "\($0)/dot")
    }
  }()

  /// A flow file with one error: a result name that does not exist.
  static let brokenFlow = """
    flowgraph: 1
    flows:
      tutorial:
        results: { completed: {} }
        start: page1
        screens:
          page1:
            actions:
              nextButtonPressed: { push: page2 }
          page2:
            actions:
              doneButtonPressed: { finish: complete }

    """
}
