/// Where a flow's file may release its YAML arena once the flow is compiled
/// (``YAMLDocument/releasePoint(after:)``): the flow's screens (decoded when
/// the compiler reaches the flow) are the only nodes read after decoding,
/// and they lie in its subtree.
struct FlowArenaRelease: Sendable {
  /// The flow's file.
  let document: YAMLDocument
  /// The flow's place among its file's flows.
  let ordinal: Int
  /// The end of the flow's subtree (`nil`: the flow is not a map, and
  /// releases nothing more than the flows before it).
  let point: YAMLReleasePoint?
}

/// Releases each file's arena as the compiler finishes its flows in file
/// order: up to a flow's end only once every earlier flow of its file is
/// compiled (duplicates compiled last, or any other order, release nothing
/// more).
struct ArenaReleaser {
  private var document: ObjectIdentifier?
  private var next = 0

  /// Called after each flow is compiled.
  mutating func compiled(_ release: FlowArenaRelease?) {
    guard let release else { return }
    let id = ObjectIdentifier(release.document)
    if document != id {
      document = id
      next = 0
    }
    guard release.ordinal == next else { return }
    next += 1
    if let point = release.point { release.document.release(upTo: point) }
  }
}
