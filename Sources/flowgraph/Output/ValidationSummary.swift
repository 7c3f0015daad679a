import FlowGraphCore

/// The counts a validation run ends with.
struct ValidationSummary: Codable, Equatable {
  /// How many flow files were read (imports included).
  var files: Int
  /// Findings at error severity.
  var errors: Int
  /// Findings at warning severity.
  var warnings: Int

  init(files: Int, diagnostics: [Diagnostic]) {
    self.files = files
    errors = diagnostics.count { $0.severity == .error }
    warnings = diagnostics.count { $0.severity == .warning }
  }

  /// `2 errors, 1 warning in 3 files`.
  var sentence: String {
    func count(_ n: Int, _ noun: String) -> String {
      n == 0 ? "no \(noun)s" : "\(n) \(noun)\(n == 1 ? "" : "s")"
    }
    return "\(count(errors, "error")), \(count(warnings, "warning")) in \(count(files, "file"))"
  }
}
