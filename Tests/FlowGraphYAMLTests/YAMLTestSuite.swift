import Foundation

/// The yaml-test-suite fixtures in the test bundle: case ids, their files,
/// and libyaml 0.2.5's known failures.
enum YAMLTestSuite {
  /// One case of the suite.
  struct Case {
    var id: String
    var title: String
    var input: [UInt8]
    /// The expected events, one per line (`test.event`).
    var events: [String]
    /// `in.json`, when the case has one.
    var json: Data?
    /// Whether the input is invalid YAML (the case has an `error` file).
    var isError: Bool
  }

  /// How libyaml 0.2.5 gets a known-failing case wrong.
  enum KnownFailure: String {
    case falseError = "false-error"
    case missedError = "missed-error"
    case wrongEvents = "wrong-events"
  }

  /// The suite's folder in the test bundle (Foundation on Linux takes the
  /// copied `Resources` folder for the bundle's own resource folder).
  static let folder: URL = {
    let resources = Bundle.module.resourceURL ?? Bundle.module.bundleURL
    let candidates = [
      resources.appendingPathComponent("Resources/yaml-test-suite"),
      resources.appendingPathComponent("yaml-test-suite"),
    ]
    return candidates.first { FileManager.default.fileExists(atPath: $0.path) } ?? candidates[0]
  }()

  /// Every case id (`2JQS`, `4MUZ/00`…), sorted.
  static let caseIDs: [String] = {
    let manager = FileManager.default
    var ids: [String] = []
    let top = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
    for name in top where name.count == 4 {
      let caseFolder = folder.appendingPathComponent(name)
      if manager.fileExists(atPath: caseFolder.appendingPathComponent("in.yaml").path) {
        ids.append(name)
        continue
      }
      let subcases = (try? manager.contentsOfDirectory(atPath: caseFolder.path)) ?? []
      for sub in subcases
      where manager.fileExists(
        atPath: caseFolder.appendingPathComponent(sub).appendingPathComponent("in.yaml").path)
      {
        ids.append("\(name)/\(sub)")
      }
    }
    return ids.sorted()
  }()

  /// The cases libyaml 0.2.5 gets wrong, by id.
  static let knownFailures: [String: KnownFailure] = {
    let url = folder.appendingPathComponent("libyaml-0.2.5-known-failures.txt")
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    var failures: [String: KnownFailure] = [:]
    for line in text.split(separator: "\n") {
      let parts = line.split(separator: ":", maxSplits: 1)
      guard parts.count == 2, let kind = KnownFailure(rawValue: String(parts[0])) else { continue }
      failures[String(parts[1])] = kind
    }
    return failures
  }()

  /// Loads the case `id`.
  static func load(_ id: String) throws -> Case {
    let caseFolder = folder.appendingPathComponent(id)
    func file(_ name: String) -> URL { caseFolder.appendingPathComponent(name) }
    let manager = FileManager.default
    let title = (try? String(contentsOf: file("==="), encoding: .utf8)) ?? id
    let events = try String(contentsOf: file("test.event"), encoding: .utf8)
    return Case(
      id: id,
      title: title.trimmingCharacters(in: .whitespacesAndNewlines),
      input: Array(try Data(contentsOf: file("in.yaml"))),
      events: events.split(separator: "\n", omittingEmptySubsequences: true).map(String.init),
      json: manager.fileExists(atPath: file("in.json").path)
        ? try Data(contentsOf: file("in.json")) : nil,
      isError: manager.fileExists(atPath: file("error").path))
  }
}
