import FlowGraphCore
import FlowGraphYAML
import Foundation
import Testing

/// Runtime inputs the fuzz targets found
/// (`Tests/Fixtures/fuzz-regressions/runtime/`), loaded and run through the
/// public API.
@Suite("Fuzz regressions: runtime")
struct FuzzRegressionRuntimeTests {
  static let folder = FuzzRegressions.folder.appendingPathComponent("runtime")

  /// `suppress: [type-mismatch]` hides the compile error of
  /// `with: { postId: "1" }` for an `int` param, so the file validates
  /// clean; the compiler drops the mistyped argument, and the engine pushed
  /// `detail` with `postId` null. SPEC §2.6: a missing or mistyped argument
  /// is an error that leaves the state unchanged.
  @Test("a suppressed type-mismatch does not show a screen without its param")
  func suppressedTypeMismatch() throws {
    let path = Self.folder.appendingPathComponent("suppressed-type-mismatch.yaml").path
    let loaded = try FlowGraphLoader().validate(path: path)
    #expect(!loaded.diagnostics.hasErrors)
    let graph = try #require(loaded.graph)
    let engine = FlowEngine(graph: graph)
    var state = FlowState()
    var effects: [Effect] = []
    let entry = try #require(graph.entry)
    #expect(try engine.start(entry, input: [:], state: &state, effects: &effects) == nil)
    let before = state

    var next = state
    var produced: [Effect] = []
    let refused: Bool
    do {
      _ = try engine.apply(.action("aButtonPressed"), to: &next, effects: &produced)
      refused = false
    } catch {
      refused = true
    }
    if refused {
      #expect(next == before && produced.isEmpty)
    }
    let shownWithoutParam = next.layers.contains { layer in
      layer.screens.contains { screen in
        graph.screens[screen.screen.index].params.indices.contains {
          screen.params[$0] == .null
            && !graph.screens[screen.screen.index].params[$0].type.isOptional
        }
      }
    }
    #expect(!shownWithoutParam)
    #expect(refused)
  }
}
