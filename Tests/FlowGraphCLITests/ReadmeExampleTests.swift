import Foundation
import Testing

/// The README's console blocks are what the tool really prints.
///
/// A `console` block whose first line is `$ flowgraph ARGUMENTS` is run as is;
/// a file it names that is not in the repository is the README's `yaml` block
/// just before it. A `console` block without a `$` line shows the output of the
/// first `swift run flowgraph …` line of the `sh` block just before it.
@Suite("README: every console block matches the tool's output")
struct ReadmeExampleTests {
  struct Example: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var expected: String
    var yaml: String?
    var line: Int
    var testDescription: String {
      "README.md:\(line): flowgraph \(arguments.joined(separator: " "))"
    }
  }

  static let examples: [Example] = {
    let url = CLI.packageRoot.appendingPathComponent("README.md")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    return parse(text)
  }()

  static func parse(_ text: String) -> [Example] {
    var examples: [Example] = []
    var lastYAML: String?
    var lastShell: [String] = []
    let lines = text.components(separatedBy: "\n")
    var index = 0
    while index < lines.count {
      let fence = lines[index]
      guard fence.hasPrefix("```"), fence.count > 3 else {
        index += 1
        continue
      }
      let language = String(fence.dropFirst(3))
      let start = index + 1
      var end = start
      while end < lines.count, lines[end] != "```" { end += 1 }
      let body = Array(lines[start..<min(end, lines.count)])
      switch language {
      case "yaml": lastYAML = body.joined(separator: "\n") + "\n"
      case "sh": lastShell = body
      case "console":
        if let first = body.first, first.hasPrefix("$ flowgraph ") {
          examples.append(
            Example(
              arguments: words(String(first.dropFirst("$ flowgraph ".count))),
              expected: body.dropFirst().joined(separator: "\n"), yaml: lastYAML, line: start))
        } else if let command = lastShell.first(where: { $0.hasPrefix("swift run flowgraph ") }) {
          examples.append(
            Example(
              arguments: words(String(command.dropFirst("swift run flowgraph ".count))),
              expected: body.joined(separator: "\n"), yaml: nil, line: start))
        }
      default: break
      }
      index = end + 1
    }
    return examples
  }

  /// Splits a command line on spaces (the README's commands need no quoting).
  static func words(_ line: String) -> [String] {
    line.split(separator: " ").map(String.init)
  }

  @Test func theReadmeHasConsoleExamples() {
    #expect(Self.examples.count >= 2)
  }

  @Test(arguments: examples)
  func theExamplePrintsWhatTheReadmeShows(_ example: Example) throws {
    var directory: URL?
    if let yaml = example.yaml,
      let file = example.arguments.first(where: { $0.hasSuffix(".yaml") }),
      !FileManager.default.fileExists(
        atPath: CLI.packageRoot.appendingPathComponent(file).path)
    {
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("flowgraph-readme-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try yaml.write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
      directory = folder
    }
    defer { if let directory { try? FileManager.default.removeItem(at: directory) } }
    let result = try CLI.run(example.arguments, in: directory)
    let printed = (result.stdout + result.stderr)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(printed == example.expected.trimmingCharacters(in: .whitespacesAndNewlines))
  }
}
