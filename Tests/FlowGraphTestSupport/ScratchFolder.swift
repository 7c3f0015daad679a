import Foundation

/// A fresh temporary folder for one test, with files written into it;
/// the test removes it (``remove()``).
public struct ScratchFolder {
  /// The folder.
  public let url: URL

  /// Creates the folder and writes `files` (relative path → UTF-8 text)
  /// into it.
  public init(files: [String: String] = [:]) throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("flowgraph-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    for (name, text) in files { try write(text, to: name) }
  }

  /// Writes `text` (UTF-8) to `name`, creating folders on the way.
  public func write(_ text: String, to name: String) throws {
    let file = url.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
  }

  /// Removes the folder and what it holds.
  public func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
