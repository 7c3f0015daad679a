import FlowGraphCore

/// The `--input name=value` options, typed against the started flow's input.
enum FlowInputArguments {
  /// The input by name (exit 2 when a value is missing, unknown or mistyped).
  static func parse(_ options: [String], for flow: Flow, graph: FlowGraph) throws(RunFailure)
    -> [String: Value]
  {
    var arguments: [ScriptedEvent.Argument] = []
    for option in options {
      guard let equals = option.firstIndex(of: "=") else {
        throw .usage("error: --input '\(option)' must be NAME=VALUE")
      }
      let name = option[..<equals].trimmingWhitespace()
      var text = String(option[option.index(after: equals)...])
      var quoted = false
      if text.hasPrefix("\"") {
        guard case .string(let unquoted)? = JSONItem.read(text) else {
          throw .usage("error: --input '\(option)': a quoted value must be one JSON string")
        }
        text = unquoted
        quoted = true
      }
      if arguments.contains(where: { $0.name == name }) {
        throw .usage("error: --input '\(name)' is given twice")
      }
      arguments.append(ScriptedEvent.Argument(name: name, text: text, quoted: quoted))
    }
    switch FieldArguments(graph: graph).values(arguments, for: flow.input) {
    case .success(let values):
      return values
    case .failure(.missing(let name, let type)):
      throw .usage(
        "error: flow '\(flow.name)' needs the input '\(name)' (\(type)): give it with --input \(name)=VALUE"
      )
    case .failure(.unknown(let name, let suggestion)):
      let fields = flow.input.map { "\($0.name) (\(graph.describe($0.type)))" }
      throw .usage(
        "error: --input: flow '\(flow.name)' has no input '\(name)'\(NameSuggestion.phrase(suggestion)); "
          + (fields.isEmpty ? "it takes no input" : "its input: " + fields.joined(separator: ", ")))
    case .failure(let problem):
      throw .usage(
        "error: --input: \(FieldArguments.runtimeError(problem, owner: .flowInput(flow.name)))")
    }
  }
}
