import Foundation

/// The generated inputs of the suite in one folder: the flow files, the event
/// walks and the `transitions` models. Files are written once (atomically)
/// and reused; the generator is deterministic, so a file on disk is always
/// what would be generated again.
public struct BenchFiles: Sendable {
  /// The folder.
  public let directory: String

  /// The folder named by `FLOWBENCH_DIR`, else `/tmp/flowgraph-bench`.
  public static var fromEnvironment: BenchFiles {
    let directory = ProcessInfo.processInfo.environment["FLOWBENCH_DIR"] ?? "/tmp/flowgraph-bench"
    return BenchFiles(directory: directory)
  }

  /// Files in `directory`.
  public init(directory: String) {
    self.directory = directory
  }

  /// The flow file with `screens` screens.
  public func flowFile(screens: Int) -> String { "\(directory)/flows-\(screens).yaml" }

  /// The event walk of `count` events on the `screens` graph.
  public func eventFile(screens: Int, scope: EventWalk.Scope, count: Int) -> String {
    "\(directory)/events-\(screens)-\(scope.rawValue)-\(count).txt"
  }

  /// The `transitions` model of the `screens` graph.
  public func modelFile(screens: Int) -> String { "\(directory)/model-\(screens).json" }

  /// Writes the flow file with `screens` screens unless it exists; returns its path.
  @discardableResult
  public func ensureFlowFile(screens: Int) throws -> String {
    let path = flowFile(screens: screens)
    try ensure(path) { FlowFileWriter(layout: FlowLayout(screens: screens)).text() }
    return path
  }

  /// Writes an event walk unless it exists; returns its path.
  @discardableResult
  public func ensureEventFile(screens: Int, scope: EventWalk.Scope, count: Int) throws -> String {
    let path = eventFile(screens: screens, scope: scope, count: count)
    try ensure(path) {
      EventWalk(layout: FlowLayout(screens: screens), count: count, scope: scope).text
    }
    return path
  }

  /// Writes the `transitions` model unless it exists; returns its path.
  @discardableResult
  public func ensureModelFile(screens: Int) throws -> String {
    let path = modelFile(screens: screens)
    try ensure(path) { TransitionsModel(layout: FlowLayout(screens: screens)).json }
    return path
  }

  private func ensure(_ path: String, _ contents: () -> String) throws {
    let manager = FileManager.default
    guard !manager.fileExists(atPath: path) else { return }
    try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let temporary = "\(path).\(ProcessInfo.processInfo.processIdentifier).tmp"
    try Data(contents().utf8).write(to: URL(fileURLWithPath: temporary))
    guard rename(temporary, path) == 0 else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
    }
  }
}
