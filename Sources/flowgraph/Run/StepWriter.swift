import FlowGraphCore

/// Writes each step of a run to standard output: one JSON object a line
/// with `--trace json`, otherwise one readable line a step (docs/runtime.md).
struct StepWriter {
  let graph: FlowGraph
  let format: TraceFormat?

  /// The line of a step (with its newline), then the finish line when the
  /// step ended the run.
  func lines(for record: StepRecord, finish: FlowState.Finish?) -> String {
    var text: String
    switch format {
    case .json: text = json(record) + "\n"
    case nil: text = plain(record) + "\n"
    }
    if record.finished != nil, let finish {
      let flow = graph.flows[finish.flow.index]
      let name = flow.name(of: finish.result)
      switch format {
      case .json:
        text += "{\"finished\": \(Value.jsonQuoted(name))}\n"
      case nil:
        let fields = flow.payload(of: finish.result)
        let payload = zip(fields, finish.payload).map { "\($0.name)=\($1.eventSyntax)" }
        text +=
          "finished: \(name)" + (payload.isEmpty ? "" : "(\(payload.joined(separator: ",")))")
          + "\n"
      }
    }
    return text
  }

  /// `{"step": 1, "event": "…", "flow": "…", "screen": "…", "layers": [[…]]}`,
  /// then `"transitions"` (the transitions taken, when any), `"params"` (the current
  /// screen's, when it has any), `"tasks"` when task hooks answered in the
  /// step, `"results"` when child flows ended in it, and `"pending"` (the
  /// URL) while a deep link is pending.
  func json(_ record: StepRecord) -> String {
    var fields = [
      "\"step\": \(record.number)",
      "\"event\": \(Value.jsonQuoted(record.event))",
      "\"flow\": \(record.flow.map(Value.jsonQuoted) ?? "null")",
      "\"screen\": \(record.screen.map(Value.jsonQuoted) ?? "null")",
      "\"layers\": ["
        + record.layers.map { "[" + $0.map(Value.jsonQuoted).joined(separator: ", ") + "]" }
        .joined(separator: ", ") + "]",
    ]
    if !record.tabs.isEmpty {
      fields.append("\"tabs\": [" + record.tabs.map(Self.json).joined(separator: ", ") + "]")
    }
    if !record.transitions.isEmpty {
      fields.append(
        "\"transitions\": [" + record.transitions.map(Value.jsonQuoted).joined(separator: ", ")
          + "]")
    }
    if !record.params.isEmpty {
      fields.append("\"params\": " + Self.jsonObject(record.params))
    }
    if !record.tasks.isEmpty {
      let tasks = record.tasks.map { task in
        let payload = task.payload.map { "\(Value.jsonQuoted($0.name)): \($0.value.json)" }
        return
          "{\"task\": \(Value.jsonQuoted(task.task)), \"outcome\": \(Value.jsonQuoted(task.outcome)), "
          + "\"payload\": {\(payload.joined(separator: ", "))}}"
      }
      fields.append("\"tasks\": [" + tasks.joined(separator: ", ") + "]")
    }
    if !record.childResults.isEmpty {
      let results = record.childResults.map { result in
        "{\"flow\": \(Value.jsonQuoted(result.flow)), \"result\": \(Value.jsonQuoted(result.result)), "
          + "\"payload\": \(Self.jsonObject(result.payload))}"
      }
      fields.append("\"results\": [" + results.joined(separator: ", ") + "]")
    }
    if let pending = record.pending {
      fields.append("\"pending\": \(Value.jsonQuoted(pending))")
    }
    return "{" + fields.joined(separator: ", ") + "}"
  }

  /// `{"layer": 0, "screen": "main", "selected": "feed", "names": […], "stacks": [[…]]}`.
  static func json(_ tabs: StepRecord.TabsLayer) -> String {
    func list(_ names: [String]) -> String {
      "[" + names.map(Value.jsonQuoted).joined(separator: ", ") + "]"
    }
    return "{\"layer\": \(tabs.layer), \"screen\": \(Value.jsonQuoted(tabs.screen)), "
      + "\"selected\": \(Value.jsonQuoted(tabs.selected)), \"names\": \(list(tabs.names)), "
      + "\"stacks\": [" + tabs.stacks.map(list).joined(separator: ", ") + "]}"
  }

  /// `{"name": value, …}`.
  static func jsonObject(_ fields: [StepRecord.Field]) -> String {
    "{" + fields.map { "\(Value.jsonQuoted($0.name)): \($0.value.json)" }.joined(separator: ", ")
      + "}"
  }

  /// `name=value,…` in the `--events` syntax.
  static func arguments(_ fields: [StepRecord.Field]) -> String {
    fields.map { "\($0.name)=\($0.value.eventSyntax)" }.joined(separator: ",")
  }

  /// `tutorial finished: completed(atPage=1)`.
  static func describe(_ result: StepRecord.FlowResult) -> String {
    "\(result.flow) finished: \(result.result)"
      + (result.payload.isEmpty ? "" : "(\(arguments(result.payload)))")
  }

  /// `step 1: rowSelected(postId=3) -> app/detail, layers [home, detail]`,
  /// with the task outcomes and the child flows' results in brackets after
  /// the event.
  func plain(_ record: StepRecord) -> String {
    var line = "step \(record.number): \(record.event)"
    for task in record.tasks {
      let payload = task.payload.map { "\($0.name)=\($0.value.eventSyntax)" }
      line +=
        " [\(task.task): \(task.outcome)"
        + (payload.isEmpty ? "" : "(\(payload.joined(separator: ",")))") + "]"
    }
    for result in record.childResults {
      line += " [\(Self.describe(result))]"
    }
    if let flow = record.flow, let screen = record.screen {
      line += " -> \(flow)/\(screen), layers " + Self.layers(record.layers)
      for tabs in record.tabs {
        let names = tabs.names.map { $0 == tabs.selected ? $0 + "*" : $0 }
        line += ", tabs \(tabs.screen)(\(names.joined(separator: ", ")))"
      }
    } else {
      line += " -> finished, no layers"
    }
    if let pending = record.pending { line += ", pending \(pending)" }
    return line
  }

  /// `[home, detail] [share]`.
  static func layers(_ layers: [[String]]) -> String {
    layers.map { "[" + $0.joined(separator: ", ") + "]" }.joined(separator: " ")
  }
}
