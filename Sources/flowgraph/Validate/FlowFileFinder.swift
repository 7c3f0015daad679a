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

/// Expands the paths given to `validate` into flow files: files as given,
/// folders searched recursively for `*.yaml` and `*.yml` flow files (hidden
/// folders such as `.build` and `.git` are skipped, and so are YAML files that
/// are not flow files), in a stable, sorted order.
struct FlowFileFinder {
  /// A path that gave nothing to validate: it does not exist, or it is a
  /// folder with no flow file below it (a CI step pointed at the wrong,
  /// existing folder must not pass as clean).
  struct Unreadable: Error, CustomStringConvertible {
    var path: String
    /// The YAML files below the folder that are not flow files; `nil` for
    /// a path that does not exist.
    var skippedInFolder: [String]? = nil

    var description: String {
      guard let skipped = skippedInFolder else {
        return "cannot read '\(path)': no such file or folder"
      }
      guard !skipped.isEmpty else {
        return "no flow files in folder '\(path)': it has no '*.yaml' or '*.yml' file"
      }
      let count = skipped.count
      let files = count == 1 ? "its YAML file" : "its \(count) YAML files"
      let shown =
        skipped.prefix(3).map { "'\($0)'" }.joined(separator: ", ") + (count > 3 ? ", …" : "")
      return
        "no flow files in folder '\(path)': \(files) (\(shown)) \(count == 1 ? "has" : "have") no top-level 'flowgraph' key; a flow file starts with 'flowgraph: 1'"
    }
  }

  /// What a search found.
  struct Found {
    /// The flow files, each spelled as the user would (the folder as given,
    /// joined with the path below it).
    var files: [String] = []
    /// The paths that do not exist.
    var unreadable: [Unreadable] = []
    /// YAML files found in folders that are not flow files (no top-level
    /// `flowgraph` key): an XcodeGen `project.yml`, a CI configuration…
    var skipped: [String] = []
  }

  /// The path that stands for standard input.
  static let standardInput = "-"

  /// The flow files under `paths`. A file named explicitly is always a flow
  /// file; in a folder, a YAML file is one only when its top level has a
  /// `flowgraph` key.
  func files(in paths: [String]) -> Found {
    var found = Found()
    var seen: Set<String> = []
    for path in paths {
      if path == Self.standardInput {
        if seen.insert(path).inserted { found.files.append(path) }
        continue
      }
      var isFolder = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
        found.unreadable.append(Unreadable(path: path))
        continue
      }
      var candidates = [path]
      if isFolder {
        candidates = []
        var skipped: [String] = []
        for file in flowFiles(inFolder: path) {
          if Self.hasFlowgraphKey(atPath: file) {
            candidates.append(file)
          } else {
            skipped.append(file)
          }
        }
        found.skipped += skipped
        if candidates.isEmpty {
          found.unreadable.append(Unreadable(path: path, skippedInFolder: skipped))
          continue
        }
      }
      for file in candidates
      where seen.insert(URL(fileURLWithPath: file).standardized.path).inserted {
        found.files.append(file)
      }
    }
    return found
  }

  /// Whether the file's top level has a `flowgraph` key: a line that starts,
  /// unindented, with `flowgraph:` (quoted or not, or as the first key of a
  /// flow mapping `{flowgraph: 1, …}`). A file that cannot be read counts as
  /// a flow file, so that the error is reported.
  static func hasFlowgraphKey(atPath path: String) -> Bool {
    guard let data = FileManager.default.contents(atPath: path) else { return true }
    let text = String(decoding: data, as: UTF8.self)
    for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
      var rest = line.drop { $0 == "\u{FEFF}" }
      if rest.first == "{" { rest = rest.dropFirst().drop { $0 == " " } }
      if rest.first == "\"" || rest.first == "'" { rest = rest.dropFirst() }
      guard rest.hasPrefix("flowgraph") else { continue }
      rest = rest.dropFirst("flowgraph".count)
      if rest.first == "\"" || rest.first == "'" { rest = rest.dropFirst() }
      if rest.drop(while: { $0 == " " }).first == ":" { return true }
    }
    return false
  }

  /// The `.yaml` and `.yml` files under `folder`, hidden entries skipped and
  /// symbolic links not followed (as `FileManager`'s enumerator walks).
  private func flowFiles(inFolder folder: String) -> [String] {
    var relativePaths: [String] = []
    func walk(_ relative: String) {
      let path = relative.isEmpty ? folder : folder + "/" + relative
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
      for name in names where !name.hasPrefix(".") {
        let child = relative.isEmpty ? name : relative + "/" + name
        var info = stat()
        guard lstat(folder + "/" + child, &info) == 0 else { continue }
        if info.st_mode & S_IFMT == S_IFDIR {
          walk(child)
        } else if info.st_mode & S_IFMT == S_IFREG, let dot = name.lastIndex(of: "."),
          ["yaml", "yml"].contains(name[name.index(after: dot)...])
        {
          relativePaths.append(child)
        }
      }
    }
    walk("")
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    return relativePaths.sorted().map { folder == "." ? $0 : prefix + $0 }
  }
}
