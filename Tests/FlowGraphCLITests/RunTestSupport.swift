import FlowGraphTestSupport
import Foundation
import Testing

/// Helpers for the `flowgraph run` tests.
enum RunTest {
  /// A scratch folder with `files` written into it (name → text).
  static func folder(_ files: [String: String]) throws -> URL {
    try ScratchFolder(files: files).url
  }

  /// Runs `flowgraph run` on a flow written to a scratch folder.
  static func run(yaml: String, _ arguments: [String], files: [String: String] = [:]) throws
    -> CLI.Result
  {
    var all = files
    all["flow.yaml"] = yaml
    let folder = try folder(all)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try CLI.run(["run", "flow.yaml"] + arguments, in: folder)
  }

  /// The JSON objects of a `--trace json` output, one per line.
  static func trace(_ output: String) throws -> [[String: Any]] {
    try output.split(separator: "\n").map { line in
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
      guard let dictionary = object as? [String: Any] else {
        throw TraceError(line: String(line))
      }
      return dictionary
    }
  }

  struct TraceError: Error {
    var line: String
  }

  /// A step of a trace in short: `event -> flow/screen layers`.
  static func summary(_ step: [String: Any]) -> String {
    let event = step["event"] as? String ?? "?"
    let flow = step["flow"] as? String ?? "null"
    let screen = step["screen"] as? String ?? "null"
    let layers = (step["layers"] as? [[String]] ?? []).map { "[" + $0.joined(separator: ",") + "]" }
    return "\(event) -> \(flow)/\(screen) \(layers.joined())"
  }
}

/// A flow with a param of every type, and a few system-event traps.
let valuesFlow = """
  flowgraph: 1
  types:
    Theme: { enum: [light, dark] }
  tasks:
    load:
      input: { count: int }
      outcomes:
        loaded: { title: string }
        failed: { message: string, code: int }
  flows:
    main:
      results: { done: {} }
      start: home
      screens:
        home:
          actions:
            open:
              params: { text: string, count: int, ratio: double, flag: bool, link: url, day: date, tags: list<string>, theme: Theme, note: string? }
              push: detail
            fetch:
              params: { count: int }
              run: load
              outcomes:
                loaded: { push: titled }
                failed: { present: failure }
            doneButtonPressed: { finish: done }
        detail:
          params: { text: string, count: int, ratio: double, flag: bool, link: url, day: date, tags: list<string>, theme: Theme, note: string? }
          back: false
          actions:
            closeButtonPressed: pop
        titled:
          params: { title: string }
        failure:
          params: { message: string }
          dismissible: false
          actions:
            okButtonPressed: dismiss
  """
