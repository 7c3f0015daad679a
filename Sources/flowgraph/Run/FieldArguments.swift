import FlowGraphCore

/// Types an event's, outcome's or input's `name=value` arguments against the
/// declared fields.
struct FieldArguments {
  /// What is wrong with the arguments.
  enum Problem: Error {
    case unknown(String, suggestion: String?)
    case mistyped(String, expected: String, text: String)
    /// An `int` (or `int?`) given an integer that `int` cannot hold.
    case outOfRange(String, text: String)
    case missing(String, type: String)
  }

  let graph: FlowGraph

  /// The typed values by name; absent optionals and fields with a default
  /// are left out (the runtime fills in the default). Unknown names
  /// are reported first (with a suggestion), then each field in order.
  func values(
    _ arguments: [ScriptedEvent.Argument], for fields: [Parameter], requireAll: Bool = true
  ) -> Result<[String: Value], Problem> {
    for argument in arguments where !fields.contains(where: { $0.name == argument.name }) {
      return .failure(
        .unknown(
          argument.name,
          suggestion: NameSuggestion.best(for: argument.name, among: fields.map(\.name))))
    }
    var values: [String: Value] = [:]
    for field in fields {
      guard let argument = arguments.first(where: { $0.name == field.name }) else {
        if requireAll && !field.mayBeOmitted {
          return .failure(.missing(field.name, type: graph.describe(field.type)))
        }
        continue
      }
      guard
        let value = ValueParser(graph: graph).value(
          argument.text, quoted: argument.quoted, as: field.type)
      else {
        if ValueParser.isOutOfRange(argument.text, quoted: argument.quoted, as: field.type) {
          return .failure(.outOfRange(field.name, text: argument.text))
        }
        var expected = graph.describe(field.type)
        var text = argument.quoted ? Value.jsonQuoted(argument.text) : "'\(argument.text)'"
        // An enum lists its cases, and the nearest one when it is close.
        if case .named(let id) = field.type.nonOptional, graph.types.indices.contains(id.index) {
          let cases = graph.types[id.index].cases
          expected += " (one of \(cases.joined(separator: ", ")))"
          text += NameSuggestion.phrase(NameSuggestion.best(for: argument.text, among: cases))
        }
        return .failure(.mistyped(field.name, expected: expected, text: text))
      }
      values[field.name] = value
    }
    return .success(values)
  }

  /// The problem as the runtime would word it for `owner`.
  static func runtimeError(_ problem: Problem, owner: RuntimeError.FieldOwner) -> RuntimeError {
    switch problem {
    case .unknown(let name, let suggestion):
      .unknownField(owner, field: name, suggestion: suggestion)
    case .mistyped(let name, let expected, let text):
      .mistypedField(owner, field: name, expected: expected, got: text)
    case .outOfRange(let name, let text): .outOfRangeField(owner, field: name, text: text)
    case .missing(let name, let type): .missingField(owner, field: name, type: type)
    }
  }
}
