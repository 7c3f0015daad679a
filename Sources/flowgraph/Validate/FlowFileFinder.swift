import Foundation

/// Expands the paths given to `validate` into flow files: files as given,
/// folders searched recursively for `*.yaml` and `*.yml` (hidden folders such
/// as `.build` and `.git` are skipped), in a stable, sorted order.
struct FlowFileFinder {
  /// A path that could not be read.
  struct Unreadable: Error, CustomStringConvertible {
    var path: String
    var description: String { "cannot read '\(path)': no such file or folder" }
  }

  /// The flow files under `paths`, each spelled as the user would (the folder
  /// as given, joined with the path below it), and the paths that do not exist.
  func files(in paths: [String]) -> (files: [String], unreadable: [Unreadable]) {
    var files: [String] = []
    var unreadable: [Unreadable] = []
    var seen: Set<String> = []
    for path in paths {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
        unreadable.append(Unreadable(path: path))
        continue
      }
      let found = isFolder.boolValue ? flowFiles(inFolder: path) : [path]
      for file in found where seen.insert(URL(fileURLWithPath: file).standardized.path).inserted {
        files.append(file)
      }
    }
    return (files, unreadable)
  }

  private func flowFiles(inFolder folder: String) -> [String] {
    let root = URL(fileURLWithPath: folder)
    guard
      let walker = FileManager.default.enumerator(
        at: root, includingPropertiesForKeys: [.isDirectoryKey, .isRegularFileKey],
        options: [.skipsHiddenFiles])
    else { return [] }
    var relativePaths: [String] = []
    let rootComponents = root.standardized.pathComponents.count
    for case let url as URL in walker {
      let values = try? url.resourceValues(forKeys: [.isRegularFileKey])
      guard values?.isRegularFile == true, ["yaml", "yml"].contains(url.pathExtension) else {
        continue
      }
      let components = url.standardized.pathComponents.dropFirst(rootComponents)
      relativePaths.append(components.joined(separator: "/"))
    }
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    return relativePaths.sorted().map { folder == "." ? $0 : prefix + $0 }
  }
}
