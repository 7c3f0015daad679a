#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// File paths as text: folded, and made relative to a folder (the compiled
/// JSON stores paths relative to its root, never the build machine's
/// absolute ones).
package enum PathText {
  /// Folds `.` and `x/..` components and repeated slashes.
  package static func normalize(_ path: String) -> String {
    let isAbsolute = path.hasPrefix("/")
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == "..", let last = parts.last, last != ".." {
        parts.removeLast()
        continue
      }
      if part == "..", isAbsolute, parts.isEmpty { continue }
      parts.append(part)
    }
    let joined = parts.joined(separator: "/")
    if isAbsolute { return "/" + joined }
    return joined.isEmpty ? "." : joined
  }

  /// `path` relative to the folder `root` (`../shared/a.yaml`). A relative
  /// `path` or `root` is taken relative to `currentDirectory`.
  package static func relative(
    _ path: String, to root: String,
    currentDirectory: String = FileManager.default.currentDirectoryPath
  ) -> String {
    func absolute(_ path: String) -> [Substring] {
      let full = path.hasPrefix("/") ? path : currentDirectory + "/" + path
      return normalize(full).split(separator: "/")
    }
    let target = absolute(path)
    let base = absolute(root)
    let common = zip(target, base).prefix { $0 == $1 }.count
    let parts =
      Array(repeating: "..", count: base.count - common) + target[common...].map(String.init)
    return parts.isEmpty ? "." : parts.joined(separator: "/")
  }

  /// The folder of `path` (`.` for a bare file name).
  package static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}
