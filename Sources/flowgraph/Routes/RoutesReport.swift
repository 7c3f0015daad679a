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
    /// A URL that opens the link, every param of the screen carried
    /// (``FlowGraph/sampleLink(to:)``; absent when unroutable).
    var link: String?
    /// The `flowgraph run` command line that opens ``link`` (absent when
    /// unroutable).
    var openCommand: String?
    /// The screen's params that are not in the pattern and that the URL
    /// must carry as query items for a route to exist: without them opening
    /// the link is not possible (SPEC §6.2). Empty when the bare pattern
    /// routes.
    var needs: [String]
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
        column: range?.start.column ?? 1, events: [], outcomes: [], stops: [], routable: false,
        needs: [])
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
        var tapping = words
        if !route.events.isEmpty { tapping += ["--events", route.events.joined(separator: ",")] }
        route.command = tapping.map(PathsReport.shellQuoted).joined(separator: " ")
        route.link = graph.sampleLink(to: id)
        if let link = route.link {
          route.openCommand = (words + ["--open", link]).map(PathsReport.shellQuoted)
            .joined(separator: " ")
        }
        route.needs = Self.queryItemsNeeded(to: id, of: screen, in: graph, forward: forward)
      } else {
        route.reason = forward.whereRoutesStop(to: id, carried: Set(values.keys))
      }
      routes.append(route)
    }
    routes.sort { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
    document = Document(routes: routes)
  }

  /// The params of `screen` outside its pattern without which no route
  /// reaches it: starting from every param carried, each such param (in
  /// declared order) is left out when a route exists without it.
  private static func queryItemsNeeded(
    to id: ScreenID, of screen: Screen, in graph: FlowGraph, forward: ForwardGraph
  ) -> [String] {
    guard let text = screen.deeplink, case .success(let pattern) = DeeplinkPattern.parse(text)
    else { return [] }
    var carried = Set(screen.params.map(\.name))
    for param in screen.params where !pattern.parameterNames.contains(param.name) {
      carried.remove(param.name)
      if forward.route(to: id, carried: { carried.contains($0) }) == nil {
        carried.insert(param.name)
      }
    }
    return screen.params.map(\.name).filter {
      carried.contains($0) && !pattern.parameterNames.contains($0)
    }
  }

  /// A block per deep link: `PATTERN -> flow/screen (file:line:column)`, then
  /// the command line, a URL that opens it, the query items it needs and
  /// the stops, or why it is unroutable.
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
      if let openCommand = route.openCommand { lines.append("  \(openCommand)") }
      if !route.needs.isEmpty {
        let names = route.needs.map { "'\($0)'" }.joined(separator: ", ")
        let items = route.needs.map { "\($0)=…" }.joined(separator: "&")
        lines.append(
          "  needs: the URL must carry \(names) (?\(items)): without \(route.needs.count == 1 ? "it" : "them") no route reaches the screen, and opening the link is not possible"
        )
      }
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
