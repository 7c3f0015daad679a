import FlowGraphCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file an import that names nothing was probably meant to name: a flow
/// file beside where it points, with the same stem and the other extension
/// (`auth.yml` for `auth.yaml`, `auth` for either), or a name close to it.
extension SourcePath {
  /// `reference` (an import, which resolves to `path`, where nothing is)
  /// with its file name replaced by the nearest `.yaml` or `.yml` file of
  /// the folder it points into; `nil` when something is at `path` or no file
  /// is close. Files whose canonical path is in `excluded` (the importer and
  /// what it imports already) are not suggested.
  static func nearMiss(of reference: String, at path: String, excluding excluded: Set<String>)
    -> String?
  {
    var info = stat()
    guard stat(path, &info) != 0 else { return nil }
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let candidates = flowFileNames(in: folder.isEmpty ? "." : folder).filter {
      !excluded.contains(canonical(folder + $0))
    }
    let stem = stem(of: name)
    guard
      let found = ["\(stem).yaml", "\(stem).yml"].first(where: candidates.contains)
        ?? NameSuggestion.best(for: name, among: candidates)
    else { return nil }
    let written = reference.lastIndex(of: "/").map { String(reference[...$0]) } ?? ""
    return written + found
  }

  /// `name` without a `.yaml` or `.yml` extension.
  private static func stem(of name: String) -> Substring {
    for suffix in [".yaml", ".yml"] where name.hasSuffix(suffix) && name.count > suffix.count {
      return name.dropLast(suffix.count)
    }
    return name[...]
  }

  /// The names of the `.yaml` and `.yml` files (or links to them) in
  /// `folder`, hidden ones left out; at most the first 4096 entries are read.
  private static func flowFileNames(in folder: String) -> Set<String> {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var names: Set<String> = []
    var read = 0
    while read < 4096, let entry = readdir(directory) {
      read += 1
      let name = withUnsafePointer(to: entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
      }
      guard !name.hasPrefix("."), name.hasSuffix(".yaml") || name.hasSuffix(".yml") else {
        continue
      }
      var info = stat()
      if stat(folder + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
        names.insert(name)
      }
    }
    return names
  }
}
