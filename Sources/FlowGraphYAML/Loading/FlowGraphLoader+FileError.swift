extension FlowGraphLoader {
  /// Why the file to load could not be read at all (the CLI exits 2).
  public enum FileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is missing, a folder, not readable, or reading it failed.
    case unreadable(path: String, reason: String)

    /// `cannot read 'app.yaml': No such file or directory`.
    public var description: String {
      switch self {
      case .unreadable(let path, let reason): "cannot read '\(path)': \(reason)"
      }
    }
  }
}
