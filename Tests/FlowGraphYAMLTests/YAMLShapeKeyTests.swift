import FlowGraphCore
import FlowGraphYAML
import Testing

/// A key indented too little, to a mapping that holds the keys above it, and
/// a key without its `:` are named at that key, with the fix, not on the
/// line after it where libyaml stops.
@Suite("YAML shape mistakes: keys")
struct YAMLShapeKeyTests {
  typealias T = YAMLTestSupport

  /// The only finding of `text`, which must have one.
  private func finding(_ text: String) throws -> Diagnostic {
    let diagnostics = T.parse(text).diagnostics
    #expect(diagnostics.count == 1, "\(diagnostics.map(\.message))")
    return try #require(diagnostics.first)
  }

  /// `text` with the finding's fix applied parses with no finding.
  private func expectFixMends(_ finding: Diagnostic, in text: String) throws {
    let fix = try #require(finding.fixes.first, "no fix for \(finding.message)")
    let fixed = SuggestionApplicationTests.applying(fix.replacement, at: fix.range, to: text)
    #expect(T.parse(fixed).diagnostics.isEmpty, "\(fixed)")
  }

  // MARK: A key indented too little

  @Test func aKeyIndentedLessThanTheKeysAroundItIsTheSlipNotTheNextLine() throws {
    let text = "a:\n  b:\n    c: 1\n  d: x\n    e: 2\n"
    let found = try finding(text)
    #expect(T.summary([found]) == ["yaml-syntax@4:3"])
    #expect(found.message == "this key is indented 2 spaces; the keys above and below it use 4")
    #expect(found.notes == [.help("indent 'd' 2 spaces more, to 4")])
    #expect(found.fixes.map(\.replacement) == ["  d"])
    try expectFixMends(found, in: text)
  }

  @Test func theKeysAboveMayBeThoseOfAMappingThatHoldsTheLineBefore() throws {
    let text = "a:\n  b:\n    c:\n      x: 1\n  d: x\n    e: 2\n"
    let found = try finding(text)
    #expect(T.summary([found]) == ["yaml-syntax@5:3"])
    #expect(found.message == "this key is indented 2 spaces; the keys above and below it use 4")
    try expectFixMends(found, in: text)
  }

  @Test func aTopLevelKeyIndentedTooLittle() throws {
    let text = "a:\n  b: 1\nc: x\n  d: 2\n"
    let found = try finding(text)
    #expect(T.summary([found]) == ["yaml-syntax@3:1"])
    #expect(found.notes == [.help("indent 'c' 2 spaces more, to 2")])
    try expectFixMends(found, in: text)
  }

  @Test func aQuotedValueEndsOnItsLineToo() throws {
    let found = try finding("a:\n  b:\n    c: 1\n  d: \"x\"\n    e: 2\n")
    #expect(T.summary([found]) == ["yaml-syntax@4:3"])
  }

  @Test func aKeyWithACollectionForValueLeavesTheNextLineTheSlip() throws {
    // `d: {}` followed by a deeper key may be a screen whose keys were
    // meant inside it: no claim about `d`.
    let found = try finding("a:\n  b:\n    c: 1\n  d: {}\n    e: 2\n")
    #expect(!found.message.contains("above and below"), "\(found.message)")
    #expect(found.line != 4)
  }

  @Test func aKeyIndentedTooFarIsNamedAtItself() throws {
    let found = try finding("a:\n  b:\n    c: 1\n      d: x\n    e: 2\n")
    #expect(T.summary([found]) == ["yaml-syntax@4:7"])
    #expect(found.message == "this key is indented 6 spaces; its siblings use 4")
  }

  // MARK: A key without its ':'

  @Test func aKeyWithoutItsColonFirstInItsBlock() throws {
    // libyaml reads on into the next key, or stops at the comment.
    for text in [
      "screens:\n  home:\n    title Home\n    actions: {}\n",
      "screens:\n  home:\n    title Home # the title\n    actions: {}\n",
    ] {
      let found = try finding(text)
      #expect(T.summary([found]) == ["yaml-syntax@3:5"], "\(text)")
      #expect(found.message == "missing ':' after 'title' in 'title Home': write 'title: Home'")
      #expect(found.fixes.map(\.replacement) == ["title:"])
      try expectFixMends(found, in: text)
    }
  }

  @Test func aKeyWithoutItsColonAmongOrLastOfItsSiblings() throws {
    for text in [
      "home:\n  actions: {}\n  title Home\n  params: {}\n",
      "home:\n  actions: {}\n  title Home # the title\nother: 1\n",
      "home:\n  actions: {}\n  title Home\n",
    ] {
      let found = try finding(text)
      #expect(T.summary([found]) == ["yaml-syntax@3:3"], "\(text)")
      #expect(found.message == "missing ':' after 'title' in 'title Home': write 'title: Home'")
      try expectFixMends(found, in: text)
    }
  }

  @Test func aWordThatIsAKeyElsewhereInTheFile() throws {
    let found = try finding("a:\n  size: 1\nb:\n  size 2 px\n  more: 3\n")
    #expect(T.summary([found]) == ["yaml-syntax@4:3"])
    #expect(found.message == "missing ':' after 'size' in 'size 2 px': write 'size: 2 px'")
  }

  @Test func aKeyWithoutItsColonBeforeItsMap() throws {
    // `actions` with its actions below; `detail` (a screen) with its keys.
    for (text, at, word) in [
      ("home:\n  actions\n    next: { push: b }\n", "yaml-syntax@2:3", "actions"),
      ("screens:\n  a:\n    title: A\n  detail\n    actions: {}\n", "yaml-syntax@4:3", "detail"),
      ("screens:\n  detail # the detail\n    actions: {}\n", "yaml-syntax@2:3", "detail"),
    ] {
      let found = try finding(text)
      #expect(T.summary([found]) == [at], "\(text)")
      #expect(
        found.message
          == "missing ':' after '\(word)': the lines below it, indented deeper, are its value; write '\(word):'"
      )
      #expect(found.fixes.map(\.replacement) == [word + ":"])
      try expectFixMends(found, in: text)
    }
  }

  @Test func textThatIsNotAKeyKeepsLibYAMLsWords() throws {
    // A line of a long value written at the key's indentation, and a value
    // on the line after its key with the next key indented as it.
    for text in [
      "description: A long text\nthat goes on\ntitle: x\n",
      "title:\n  Welcome to the app\n  description: x\n",
    ] {
      let found = try finding(text)
      #expect(!found.message.hasPrefix("missing ':'"), "\(text): \(found.message)")
      #expect(found.fixes.isEmpty)
    }
  }
}
