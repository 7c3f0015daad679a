import FlowGraphCore

/// The interactive run: placeholder until the session lands.
struct InteractiveSession {
  let setup: RunSetup

  func run() async throws(RunFailure) {
    throw .usage("error: interactive runs are not available yet")
  }
}
