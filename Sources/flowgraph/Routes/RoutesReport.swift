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
    /// The screen's params that are not in the pattern and that every URL
    /// that opens the link carries as query items: without one of them no
    /// route exists, and opening the link is not possible (SPEC §6.2). Empty
    /// when the bare pattern routes, and when no one param is needed (see
    /// ``needsOneOf``).
    var needs: [String]
    /// The smallest sets of query items of which a URL must carry one whole
    /// for a route to exist: exactly the URLs that carry one of them open
    /// the link. Empty when the bare pattern routes; usually one set, equal
    /// to ``needs``.
    var needsOneOf: [[String]]
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
        needs: [], needsOneOf: [])
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
        route.needsOneOf = Self.queryItemsNeeded(to: id, of: screen, forward: forward)
        // What every URL that opens it carries.
        route.needs =
          route.needsOneOf.first?.filter { name in
            route.needsOneOf.allSatisfy { $0.contains(name) }
          } ?? []
      } else {
        route.reason = forward.whereRoutesStop(to: id, carried: Set(values.keys))
      }
      routes.append(route)
    }
    routes.sort { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
    document = Document(routes: routes)
  }

  /// What a URL of the link must carry beyond its pattern's params for a
  /// route to exist (``ForwardGraph/linkValuesNeeded(to:carried:)``): the
  /// smallest sets of query items, one of which it must carry whole.
  private static func queryItemsNeeded(
    to id: ScreenID, of screen: Screen, forward: ForwardGraph
  ) -> [[String]] {
    guard let text = screen.deeplink, case .success(let pattern) = DeeplinkPattern.parse(text)
    else { return [] }
    return forward.linkValuesNeeded(to: id, carried: Set(pattern.parameterNames)) ?? []
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
      if !route.needsOneOf.isEmpty {
        lines.append("  needs: " + Self.needsLine(route.needsOneOf))
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

  /// What the `needs:` line says after its label: the query items, or the
  /// sets of them one of which the URL must carry, and what happens without.
  private static func needsLine(_ sets: [[String]]) -> String {
    func items(_ set: [String], _ separator: String) -> String {
      set.map { "'\($0)'" }.joined(separator: separator) + " (?"
        + set.map { "\($0)=…" }.joined(separator: "&") + ")"
    }
    guard sets.count > 1 else {
      return
        "the URL must carry \(items(sets[0], ", ")): without \(sets[0].count == 1 ? "it" : "them") no route reaches the screen, and opening the link is not possible"
    }
    let either = sets.map { items($0, " and ") }.joined(separator: " or ")
    return
      "the URL must carry \(either): with none of these no route reaches the screen, and opening the link is not possible"
  }

  /// The document as pretty, key-sorted JSON with a trailing newline.
  func json() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
  }
}
