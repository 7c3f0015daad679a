/// Why a YAML file could not be read at all (as opposed to a finding in it).
public enum YAMLFileError: Error, Sendable, Equatable {
  /// The file is missing, a folder, not readable, or reading it failed.
  case unreadable(path: String, reason: String)
}
