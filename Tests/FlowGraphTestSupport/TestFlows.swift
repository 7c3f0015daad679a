import FlowGraphCore
import FlowGraphYAML

/// Flow files the tests write inline.
public enum TestFlows {
  /// The graph of a flow file's text, validated (or only compiled, when
  /// `validate` is `false`); stops the tests when it has an error finding:
  /// the test is broken, no finding is under test.
  public static func graph(_ text: String, file: String, validate: Bool = true) -> FlowGraph {
    let loader = FlowGraphLoader()
    let loaded =
      validate ? loader.validate(text: text, file: file) : loader.load(text: text, file: file)
    guard let graph = loaded.graph, !loaded.diagnostics.contains(where: { $0.severity == .error })
    else { preconditionFailure("\(file) has errors: \(loaded.diagnostics)") }
    return graph
  }
}
