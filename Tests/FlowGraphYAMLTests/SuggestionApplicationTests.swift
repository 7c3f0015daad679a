import FlowGraphCore
import FlowGraphYAML
import Testing

/// Every canned fix is valid when applied: each "did you mean 'X'?" or
/// "rename … to 'X'" note, written over its range (the note's, or the
/// finding's when the note has none), gives a file with no findings.
@Suite("Suggestions that are right")
struct SuggestionApplicationTests {
  /// One mistake per case, in a file that is otherwise clean.
  static let cases: [(name: String, yaml: String)] = [
    ("back: no", screens("home:\n  actions: { next: { push: detail } }\ndetail:\n  back: no")),
    ("back: off", screens("home:\n  actions: { next: { push: detail } }\ndetail:\n  back: off")),
    (
      "dismissible: yes",
      screens("home:\n  actions: { next: { present: sheet } }\nsheet:\n  dismissible: yes")
    ),
    (
      "push permissions",
      screens("home:\n  actions:\n    continueButtonPressed: push permissions\npermissions: {}")
    ),
    (
      "push and a near miss of a screen",
      screens("home:\n  actions:\n    continueButtonPressed: push permisions\npermissions: {}")
    ),
    (
      "present sheet",
      screens("home:\n  actions:\n    openButtonPressed: present sheet\nsheet: {}")
    ),
    ("a screen's name as a transition", screens("home:\n  actions:\n    next: detail\ndetail: {}")),
    ("a near miss of a screen", screens("home:\n  actions:\n    next: detial\ndetail: {}")),
    ("a misspelled keyword", screens("home:\n  actions:\n    next: stya")),
    (
      "a misspelled reference",
      screens(
        "home:\n  actions:\n    next: { push: detial }\n    other: { push: detail }\ndetail: {}")
    ),
    (
      "a misspelled definition, named once",
      screens("home:\n  actions:\n    next: { push: detail }\ndetial: {}")
    ),
    (
      "a misspelled definition, named twice",
      screens(
        "home:\n  actions:\n    next: { push: detail }\n    more: { push: detail }\ndetial: {}")
    ),
    (
      "a misspelled key",
      "flowgraph: 1\nflows:\n  app:\n    strat: home\n    screens: { home: {} }\n"
    ),
    (
      "a misspelled rule id",
      screens("home:\n  suppress: [unreachable-screne]\n  actions: { next: stay }")
    ),
    (
      "a misspelled param in 'with'",
      screens(
        "home:\n  actions: { next: { push: detail, with: { postID: 1 } } }\ndetail:\n  params: { postId: int }"
      )
    ),
    (
      "a misspelled param next to a param with a near name",
      screens(
        "home:\n  actions: { next: { push: detail, with: { postId: 1, postID: x } } }\ndetail:\n  params: { postId: int, posId: string }"
      )
    ),
    (
      "a misspelled '$name'",
      screens(
        "home:\n  params: { postId: int }\n  actions: { next: { push: detail, with: { postId: $postID } } }\ndetail:\n  params: { postId: int }",
        input: "{ postId: int }")
    ),
    (
      "a misspelled enum case",
      "flowgraph: 1\ntypes:\n  Theme: { enum: [light, dark] }\nflows:\n  app:\n    start: home\n    screens:\n      home:\n        actions: { next: { push: detail, with: { theme: ligth } } }\n      detail:\n        params: { theme: Theme }\n"
    ),
    (
      "a misspelled enum case in a default",
      "flowgraph: 1\ntypes:\n  Theme: { enum: [light, dark] }\nflows:\n  app:\n    start: home\n    screens:\n      home:\n        params: { theme: { type: Theme, default: ligth } }\n"
    ),
    (
      "a misspelled start mode",
      "flowgraph: 1\nentry: app\nflows:\n  app:\n    start: home\n    screens:\n      home:\n        actions: { next: { start: child, mode: presnt, on: { done: stay } } }\n  child:\n    results: { done: {} }\n    start: c\n    screens:\n      c:\n        actions: { d: { finish: done } }\n"
    ),
    (
      "a misspelled deep link param",
      screens("home:\n  params: { postId: int? }\n  deeplink: /posts/{postID}")
    ),
    (
      "a misspelled task",
      "flowgraph: 1\ntasks:\n  check: { outcomes: { ok: {} } }\nflows:\n  app:\n    start: home\n    screens:\n      home:\n        actions: { next: { run: chek, outcomes: { ok: stay } } }\n"
    ),
    (
      "a misspelled outcome",
      "flowgraph: 1\ntasks:\n  check: { outcomes: { ok: {} } }\nflows:\n  app:\n    start: home\n    screens:\n      home:\n        actions: { next: { run: check, outcomes: { okk: stay } } }\n"
    ),
    (
      "a misspelled outcome next to a handled one",
      "flowgraph: 1\ntasks:\n  check: { outcomes: { ok: {}, okay: {} } }\nflows:\n  app:\n    start: home\n    screens:\n      home:\n        actions: { next: { run: check, outcomes: { ok: stay, oky: stay } } }\n"
    ),
    (
      "a misspelled result",
      "flowgraph: 1\nentry: app\nflows:\n  app:\n    start: home\n    screens:\n      home:\n        actions: { next: { start: child, on: { doen: stay } } }\n  child:\n    results: { done: {} }\n    start: c\n    screens:\n      c:\n        actions: { d: { finish: done } }\n"
    ),
    (
      "a misspelled flow",
      "flowgraph: 1\nentry: app\nflows:\n  app:\n    start: home\n    screens:\n      home:\n        actions: { next: { start: chidl, on: { done: stay } } }\n  child:\n    results: { done: {} }\n    start: c\n    screens:\n      c:\n        actions: { d: { finish: done } }\n"
    ),
    (
      "a misspelled entry",
      "flowgraph: 1\nentry: ap\nflows:\n  app:\n    start: home\n    screens:\n      home:\n        actions: { next: { start: child, on: { done: stay } } }\n  child:\n    results: { done: {} }\n    start: c\n    screens:\n      c:\n        actions: { d: { finish: done } }\n"
    ),
    (
      "a misspelled type",
      screens(
        "home:\n  actions: { next: { push: detail, with: { a: x } } }\ndetail:\n  params: { a: strin }"
      )
    ),
  ]

  /// A file with one flow `app` whose screens are `body` (indented for you).
  static func screens(_ body: String, input: String? = nil) -> String {
    let indented = body.split(separator: "\n", omittingEmptySubsequences: false)
      .map { "      " + $0 }.joined(separator: "\n")
    let inputLine = input.map { "    input: \($0)\n" } ?? ""
    return "flowgraph: 1\nflows:\n  app:\n\(inputLine)    start: home\n    screens:\n\(indented)\n"
  }

  /// The replacements a finding's notes offer.
  static func suggestions(of finding: Diagnostic) -> [(range: SourceRange, text: String)] {
    finding.notes.compactMap { note in
      guard let range = note.range ?? finding.range else { return nil }
      for marker in ["did you mean '", " to '"] {
        if let start = note.message.range(of: marker),
          let end = note.message[start.upperBound...].range(of: "'")
        {
          return (range, String(note.message[start.upperBound..<end.lowerBound]))
        }
      }
      return nil
    }
  }

  /// `text` with `range` replaced by `replacement`.
  static func applying(_ replacement: String, at range: SourceRange, to text: String) -> String {
    var bytes = Array(text.utf8)
    bytes.replaceSubrange(range.start.offset..<range.end.offset, with: Array(replacement.utf8))
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test(arguments: cases.map(\.name))
  func everySuggestionIsValidWhenApplied(_ name: String) throws {
    let yaml = try #require(Self.cases.first { $0.name == name }?.yaml)
    let found = CompilerTestSupport.validate(yaml).diagnostics
    // The first finding's suggestions fix the file (a name misspelled
    // twice is two findings with the same fix).
    let finding = try #require(found.first, "no finding")
    let suggestions = Self.suggestions(of: finding)
    #expect(!suggestions.isEmpty, "no suggestion in: \(finding.message) \(finding.notes)")
    for (range, replacement) in suggestions {
      let fixed = Self.applying(replacement, at: range, to: yaml)
      let after = CompilerTestSupport.validate(fixed).diagnostics
      #expect(
        after.isEmpty,
        "applying '\(replacement)' for \(finding.message) leaves \(after.map(\.message)) in\n\(fixed)"
      )
    }
  }
}
