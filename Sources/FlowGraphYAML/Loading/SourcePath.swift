import FlowGraphCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// File paths as the loader handles them: imports joined to the importing
/// file's folder (kept relative when it is, for messages), and a canonical
/// form that identifies a file however it was reached.
enum SourcePath {
  /// The path of `reference`, written in a file at `importer`: relative to
  /// the importer's folder unless absolute, with `.` and `..` folded where
  /// that is purely textual.
  static func resolve(_ reference: String, from importer: String) -> String {
    if reference.hasPrefix("/") { return normalize(reference) }
    guard let slash = importer.lastIndex(of: "/") else { return normalize(reference) }
    return normalize(String(importer[...slash]) + reference)
  }

  /// Folds `.` and `x/..` components and repeated slashes.
  static func normalize(_ path: String) -> String { PathText.normalize(path) }

  /// Why the file at `path` cannot be imported when it exists but is neither
  /// a regular file nor a folder: reading a named pipe, `/dev/stdin` or a
  /// device such as `/dev/kmsg` can block forever. `nil` otherwise (reading
  /// reports a missing file or a folder).
  static func unimportableFileType(_ path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    switch info.st_mode & S_IFMT {
    case S_IFREG, S_IFDIR: return nil
    default: return "not a regular file (a named pipe, a device or a socket)"
    }
  }

  /// The file's identity: its real path (symbolic links resolved) when it
  /// exists, else its absolute normalized path.
  static func canonical(_ path: String) -> String {
    if let resolved = realpath(path, nil) {
      defer { free(resolved) }
      return String(cString: resolved)
    }
    if path.hasPrefix("/") { return normalize(path) }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return normalize(path) }
    let cwd = String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return normalize(cwd + "/" + path)
  }
}
