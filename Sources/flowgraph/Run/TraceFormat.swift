import ArgumentParser

/// The `--trace` formats.
enum TraceFormat: String, ExpressibleByArgument, CaseIterable {
  /// One JSON object per step on standard output (SPEC §4).
  case json
}
