import FlowGraphCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What an interactive run did, as the `flowgraph run` command that does it
/// again: the events applied and the outcomes the tasks took, in order.
final class ReplayLine: @unchecked Sendable {
  /// The file and the options the session was started with (`--flow`, `--input`).
  let command: [String]
  private(set) var events: [String] = []
  private(set) var outcomes: [String] = []

  init(command: [String]) {
    self.command = command
  }

  /// Records a committed step.
  func record(_ step: StepRecord) {
    if step.number > 0 { events.append(step.event) }
    for task in step.tasks {
      let payload = task.payload.map { "\($0.name)=\($0.value.eventSyntax)" }
      outcomes.append(
        "\(task.task)=\(task.outcome)"
          + (payload.isEmpty ? "" : "(\(payload.joined(separator: ",")))"))
    }
  }

  /// `flowgraph run FILE … --outcome T=O … --events 'a,b(x=1)'`, or `nil`
  /// when nothing was done.
  var text: String? {
    guard !events.isEmpty || !outcomes.isEmpty else { return nil }
    var arguments = ["flowgraph", "run"] + command
    for outcome in outcomes { arguments += ["--outcome", outcome] }
    if !events.isEmpty { arguments += ["--events", events.joined(separator: ",")] }
    return arguments.map(Self.shellQuoted).joined(separator: " ")
  }

  /// `text` as one shell word: as is when it is made of safe characters,
  /// otherwise in single quotes.
  static func shellQuoted(_ text: String) -> String {
    let safe = text.unicodeScalars.allSatisfy {
      ($0.value < 0x80 && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
        || "_-./=:,@%+".unicodeScalars.contains($0)
    }
    if safe, !text.isEmpty { return text }
    return "'" + text.replacingEvery("'", with: #"'\''"#) + "'"
  }
}
