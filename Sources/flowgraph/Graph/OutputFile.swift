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

/// Where a command's result goes: standard output, or a file written
/// atomically (a temporary file in the same folder, then a rename), so that a
/// reader never sees half a file and a failed run leaves the old file intact.
enum OutputFile {
  /// Writes `data` to `path`, or to standard output when `path` is `nil` or `-`.
  /// A file that cannot be written exits 2 with a message.
  static func write(_ data: Data, to path: String?) throws {
    guard let path, path != "-" else {
      Console.writeAll(data, to: STDOUT_FILENO)
      return
    }
    do {
      try writeAtomically(data, to: path)
    } catch {
      Console.error("error: cannot write '\(path)': \(error)\n")
      throw ExitCode(2)
    }
  }

  /// Writes `data` to a temporary file beside `path`, then renames it over `path`.
  static func writeAtomically(_ data: Data, to path: String) throws {
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent()
    var isFolder = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder {
      throw Failure(description: "it is a folder")
    }
    let temporary = folder.appendingPathComponent(
      ".\(url.lastPathComponent).\(UUID().uuidString).tmp")
    guard FileManager.default.createFile(atPath: temporary.path, contents: data) else {
      throw Failure(
        description: "the folder '\(folder.path)' does not exist or is not writable")
    }
    guard rename(temporary.path, url.path) == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: temporary)
      throw Failure(description: reason)
    }
  }

  /// Why a file could not be written, as the message says it.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }
}
