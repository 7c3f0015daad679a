import FlowGraphCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The output of `flowgraph routes`: each deep link's route as `flowgraph
/// run` would apply it.
struct RoutesReport {
  struct Route: Encodable {
    var screen: String
    var flow: String
    var pattern: String
    var file: String
    var line: Int
    var column: Int
    /// The events after the start, in the `--events` syntax.
    var events: [String]
    /// The task outcomes in the order the tasks run, in the `--outcome` syntax.
    var outcomes: [String]
    /// The indices in ``events`` of the stops.
    var stops: [Int]
    var routable: Bool
    /// Why there is no route (the note of `unroutable-deeplink`).
    var reason: String?
    /// The `flowgraph run` command line (absent when unroutable).
    var command: String?
  }

  struct Document: Encodable {
    var routes: [Route]
  }

  let document: Document

  init(graph: FlowGraph, file: String) {
    let forward = ForwardGraph(graph: graph)
    var routes: [Route] = []
    for (index, screen) in graph.screens.enumerated() {
      guard let pattern = screen.deeplink else { continue }
      let id = ScreenID(index)
      let range = graph.range(screen.deeplinkSpan ?? screen.span)
      // The link carries every param of its screen (sample values).
      var values: [String: Value] = [:]
      for param in screen.params { values[param.name] = graph.sampleValue(for: param) }
      var route = Route(
        screen: screen.name, flow: graph[screen.flow].name, pattern: pattern,
        file: range?.file ?? file, line: range?.start.line ?? 1,
        column: range?.start.column ?? 1, events: [], outcomes: [], stops: [], routable: false)
      if let found = forward.route(to: id, carried: { values[$0] != nil }) {
        let steps = forward.steps(of: found, values: values)
        route.routable = true
        route.events = steps.compactMap { $0.event == nil ? nil : $0.text }
        route.outcomes = steps.flatMap { $0.outcomes.map(graph.describe(_:)) }
        route.stops = found.stops.map { $0 - 1 }
        var words = ["flowgraph", "run", file]
        if let entry = graph.entry {
          for param in graph[entry].input where !param.mayBeOmitted {
            words += ["--input", "\(param.name)=\(graph.sampleValue(for: param).eventSyntax)"]
          }
        }
        for outcome in route.outcomes { words += ["--outcome", outcome] }
        if !route.events.isEmpty { words += ["--events", route.events.joined(separator: ",")] }
        route.command = words.map(PathsReport.shellQuoted).joined(separator: " ")
      } else {
        route.reason = forward.whereRoutesStop(to: id, carried: Set(values.keys))
      }
      routes.append(route)
    }
    routes.sort { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
    document = Document(routes: routes)
  }

  /// A block per deep link: `PATTERN -> flow/screen (file:line:column)`, then
  /// the command line and the stops, or why it is unroutable.
  func text() -> String {
    var lines: [String] = []
    for route in document.routes {
      lines.append(
        "\(route.pattern) -> \(route.flow)/\(route.screen) (\(route.file):\(route.line):\(route.column))"
      )
      guard let command = route.command else {
        lines.append("  unroutable: \(route.reason ?? "no route")")
        continue
      }
      lines.append("  \(command)")
      for stop in route.stops {
        lines.append("  stop: \(route.events[stop]) (the user's own input; the link waits there)")
      }
    }
    let unroutable = document.routes.filter { !$0.routable }.count
    lines.append(
      "# \(document.routes.count) deep link\(document.routes.count == 1 ? "" : "s"), "
        + (unroutable == 0 ? "all routable" : "\(unroutable) unroutable"))
    return lines.joined(separator: "\n") + "\n"
  }

  /// The document as pretty, key-sorted JSON with a trailing newline.
  func json() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
  }
}
