import FlowGraphCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The output of `flowgraph paths`: each run as a `flowgraph run` command
/// line, and the summary.
struct PathsReport {
  struct Run: Encodable {
    struct Ends: Encodable {
      var flow: String?
      var screen: String?
      var finished: String?

      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(flow, forKey: .flow)
        try container.encode(screen, forKey: .screen)
        try container.encodeIfPresent(finished, forKey: .finished)
      }

      private enum CodingKeys: String, CodingKey { case flow, screen, finished }
    }

    var events: [String]
    var outcomes: [String]
    var input: [String]
    var flow: String
    var command: String
    var ends: Ends
    var takes: [String]
  }

  struct Place: Encodable {
    var file: String
    var line: Int
    var column: Int
    var what: String
  }

  struct Document: Encodable {
    var runs: [Run]
    var covered: Int
    var possible: Int
    var impossible: [Place]
    var uncovered: [Place]
    var lowerBound: Int
    var exhaustive: Bool
  }

  let document: Document
  /// The covered items with their positions (listed by the text summary).
  let coveredPlaces: [Place]

  init(plan: PathPlan, graph: FlowGraph, file: String, entry: FlowID?) {
    func place(_ item: CoverageItem, _ reason: String?) -> Place {
      let range = graph.range(of: item)
      let what = graph.describe(item)
      return Place(
        file: range?.file ?? file, line: range?.start.line ?? 1, column: range?.start.column ?? 1,
        what: reason.map { "\(what): \($0)" } ?? what)
    }
    let runs = plan.runs.map { run in
      let flow = graph[run.flow]
      let input = zip(flow.input, run.input).map { "\($0.name)=\($1.eventSyntax)" }
      let outcomes = run.outcomes.map(graph.describe(_:))
      var words = ["flowgraph", "run", file]
      if run.flow != entry { words += ["--flow", flow.name] }
      for value in input { words += ["--input", value] }
      for outcome in outcomes { words += ["--outcome", outcome] }
      words += ["--events", run.events.joined(separator: ",")]
      let top = run.end.top
      return Run(
        events: run.events, outcomes: outcomes, input: input, flow: flow.name,
        command: words.map(Self.shellQuoted).joined(separator: " "),
        ends: Run.Ends(
          flow: top.flatMap { run.end.flow($0.flow) }.map { graph[$0.flow].name },
          screen: top.map { graph[$0.screen].name },
          finished: run.end.finish.map { graph[$0.flow].name(of: $0.result) }),
        takes: run.items.map(graph.describe(_:)))
    }
    // In source order (back and gesture items come last in the plan).
    func sorted(_ places: [Place]) -> [Place] {
      places.enumerated().sorted {
        ($0.element.file, $0.element.line, $0.element.column, $0.offset)
          < ($1.element.file, $1.element.line, $1.element.column, $1.offset)
      }.map(\.element)
    }
    coveredPlaces = sorted(plan.covered.map { place($0, nil) })
    document = Document(
      runs: runs, covered: plan.covered.count, possible: plan.possibleCount,
      impossible: sorted(plan.impossible.map { place($0.item, $0.reason) }),
      uncovered: sorted(plan.uncovered.map { place($0, nil) }), lowerBound: plan.lowerBound,
      exhaustive: plan.exhaustive)
  }

  /// The commands, one a line, then the summary as shell comments.
  func text() -> String {
    var lines = document.runs.map(\.command)
    let runs = document.runs.count
    lines.append(
      "# \(runs) run\(runs == 1 ? " takes" : "s take") \(document.covered) of the "
        + "\(document.possible) possible transitions; any set of runs that takes them needs "
        + "at least \(document.lowerBound).")
    if !coveredPlaces.isEmpty {
      lines.append("# Covered (\(coveredPlaces.count)):")
      for place in coveredPlaces {
        lines.append("#   \(place.file):\(place.line):\(place.column): \(place.what)")
      }
    }
    if !document.impossible.isEmpty {
      lines.append("# Never possible (\(document.impossible.count)):")
      for place in document.impossible {
        lines.append("#   \(place.file):\(place.line):\(place.column): \(place.what)")
      }
    }
    if !document.uncovered.isEmpty {
      lines.append(
        "# Not covered: the exploration stopped at its budget (--max-states) before reaching "
          + "these (\(document.uncovered.count)):")
      for place in document.uncovered {
        lines.append("#   \(place.file):\(place.line):\(place.column): \(place.what)")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The document as pretty, key-sorted JSON with a trailing newline.
  func json() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
  }

  /// A word as a POSIX shell reads it back: bare when it is safe, otherwise
  /// in single quotes.
  static func shellQuoted(_ word: String) -> String {
    let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./=:,@%+-")
    if !word.isEmpty && word.allSatisfy(safe.contains) { return word }
    return "'" + word.replacingEvery("'", with: "'\\''") + "'"
  }
}
