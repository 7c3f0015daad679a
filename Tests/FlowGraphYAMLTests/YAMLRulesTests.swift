import FlowGraphCore
import FlowGraphYAML
import Testing

@Suite("YAML rules: duplicate keys, aliases, merge keys, tags")
struct YAMLRulesTests {
  typealias T = YAMLTestSupport

  @Test func duplicateKeyKeepsTheFirstOccurrence() throws {
    let (document, diagnostics) = T.parse("a: 1\nb: 2\na: 3\n")
    #expect(T.summary(diagnostics) == ["duplicate-key@3:1"])
    #expect(diagnostics.first?.notes.first?.range?.start.line == 1)
    #expect(diagnostics.first?.message.contains("'a'") == true)
    let root = try #require(document?.root)
    #expect(T.render(root) == "{a: 1, b: 2}")
  }

  @Test func aMisspelledAliasSuggestsTheAnchor() throws {
    let (_, diagnostics) = T.parse("a: &expired { root: home }\nb: *expird\nc: *nothing\n")
    #expect(T.summary(diagnostics) == ["yaml-syntax@2:4", "yaml-syntax@3:4"])
    #expect(
      diagnostics.map(\.message) == [
        "alias '*expird' refers to an anchor '&expird' that is not defined before it; did you mean '*expired'?",
        "alias '*nothing' refers to an anchor '&nothing' that is not defined before it",
      ])
    #expect(diagnostics.map { $0.fixes.map(\.replacement) } == [["*expired"], []])
  }

  @Test func duplicateKeysInLargeMappingsAreFound() throws {
    var text = ""
    for i in 0..<1000 { text += "k\(i): \(i)\n" }
    text += "k500: again\n"
    let (document, diagnostics) = T.parse(text)
    #expect(T.summary(diagnostics) == ["duplicate-key@1001:1"])
    #expect(diagnostics.first?.notes.first?.range?.start.line == 501)
    #expect(document?.root.pairs.count == 1000)
    #expect(document?.root["k500"]?.text == "500")
  }

  @Test func largeMappingLookupFollowsMergesAndDuplicates() throws {
    let base = (0..<20).map { "b\($0): \($0)" }.joined(separator: ", ")
    let own = (0..<20).map { "k\($0): \($0)" }.joined(separator: "\n  ")
    let text = "base: &base {\(base)}\nm:\n  k0: first\n  <<: *base\n  \(own)\n  b3: mine\n"
    let (document, diagnostics) = T.parse(text)
    #expect(T.summary(diagnostics) == ["duplicate-key@5:3"])
    let m = try #require(document?.root["m"])
    #expect(m.pairs.count == 40)
    #expect(m["k0"]?.text == "first")
    #expect(m["b3"]?.text == "mine")
    #expect(m["b19"]?.text == "19")
    #expect(m["k19"]?.text == "19")
    #expect(m["<<"] == nil)
    #expect(m["nope"] == nil)
    for pair in m.pairs {
      #expect(m[pair.key.text!]?.index == pair.value.index)
    }
  }

  @Test func quotedAndPlainKeysWithTheSameTextAreDuplicates() {
    let (_, diagnostics) = T.parse("on: 1\n\"on\": 2\n")
    #expect(T.summary(diagnostics) == ["duplicate-key@2:1"])
  }

  @Test func aliasesShareTheAnchoredNode() throws {
    let (document, diagnostics) = T.parse("base: &b {x: 1}\ncopy: *b\n")
    #expect(diagnostics.isEmpty)
    let root = try #require(document?.root)
    #expect(root["base"]?.index == root["copy"]?.index)
    #expect(T.render(root) == "{base: {x: 1}, copy: {x: 1}}")
  }

  @Test func aliasToUndefinedAnchor() {
    let (document, diagnostics) = T.parse("a: 1\nb: *nope\n")
    #expect(document == nil)
    #expect(T.summary(diagnostics) == ["yaml-syntax@2:4"])
    #expect(diagnostics.first?.message.contains("*nope") == true)
  }

  @Test func recursiveAlias() {
    let (document, diagnostics) = T.parse("a: &x\n  b: *x\n")
    #expect(document == nil)
    #expect(T.summary(diagnostics) == ["yaml-syntax@2:6"])
    #expect(diagnostics.first?.message.contains("recursive") == true)
  }

  @Test func mergeKeyWithOneMapping() throws {
    let text = """
      base: &base {a: 1, b: 2}
      derived:
        b: 20
        <<: *base
        c: 3

      """
    let (document, diagnostics) = T.parse(text)
    #expect(diagnostics.isEmpty)
    let derived = try #require(document?.root["derived"])
    #expect(T.render(derived) == "{b: 20, a: 1, c: 3}")
  }

  @Test func mergeKeyWithAListFirstMapWins() throws {
    let text = """
      one: &one {a: 1, b: 1}
      two: &two {b: 2, c: 2}
      both:
        <<: [*one, *two]
        c: 3

      """
    let (document, diagnostics) = T.parse(text)
    #expect(diagnostics.isEmpty)
    #expect(T.render(try #require(document?.root["both"])) == "{a: 1, b: 1, c: 3}")
  }

  @Test func mergeKeyWithInlineMapping() throws {
    let (document, diagnostics) = T.parse("m:\n  <<: {a: 1}\n  b: 2\n")
    #expect(diagnostics.isEmpty)
    #expect(T.render(try #require(document?.root["m"])) == "{a: 1, b: 2}")
  }

  @Test func quotedMergeKeyIsAnOrdinaryKey() throws {
    let (document, diagnostics) = T.parse("\"<<\": {a: 1}\n")
    #expect(diagnostics.isEmpty)
    #expect(T.render(try #require(document?.root)) == "{\"<<\": {a: 1}}")
  }

  @Test func mergeKeyWithScalarValue() {
    let (document, diagnostics) = T.parse("a: 1\nm:\n  <<: 5\n")
    #expect(document == nil)
    #expect(T.summary(diagnostics) == ["yaml-syntax@3:3"])
  }

  @Test func mergeKeyListWithScalarItem() {
    let (_, diagnostics) = T.parse("a: &a {x: 1}\nm:\n  <<: [*a, 5]\n")
    #expect(T.summary(diagnostics) == ["yaml-syntax@3:3"])
    #expect(diagnostics.first?.message.contains("item 2") == true)
  }

  @Test func complexKeysAreRefused() {
    let (document, diagnostics) = T.parse("a: 1\n? [x, y]\n: 2\n")
    #expect(document == nil)
    #expect(T.summary(diagnostics) == ["yaml-syntax@2:3"])
    #expect(diagnostics.first?.message.contains("must be a scalar") == true)
  }

  @Test func mappingAsKeyIsRefused() {
    let (_, diagnostics) = T.parse("{a: 1}: 2\n")
    #expect(T.summary(diagnostics) == ["yaml-syntax@1:1"])
  }

  @Test func customTagsAreRefused() {
    let (document, diagnostics) = T.parse("a: 1\nb: !custom x\nc: !!set {x}\n")
    #expect(document == nil)
    #expect(T.summary(diagnostics) == ["yaml-syntax@2:4", "yaml-syntax@3:4"])
    #expect(diagnostics.first?.message.contains("!custom") == true)
    #expect(diagnostics.last?.message.contains("!!set") == true)
  }

  @Test func coreTagsAreAccepted() throws {
    let text = "a: !!str 1\nb: !!map {x: 1}\nc: !!seq [1]\nd: !<tag:yaml.org,2002:int> 5\n"
    let (document, diagnostics) = T.parse(text)
    #expect(diagnostics.isEmpty)
    #expect(document?.root["d"]?.scalar?.coreValue == .int(5))
  }

  @Test func coreTagMismatchesAreRefused() {
    let (_, diagnostics) = T.parse("a: !!int abc\nb: !!seq {x: 1}\nc: !!map x\n")
    #expect(T.summary(diagnostics) == ["yaml-syntax@1:4", "yaml-syntax@2:4", "yaml-syntax@3:4"])
  }
}
