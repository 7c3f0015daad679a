import FlowGraphCore
import FlowGraphYAML
import Testing

/// The YAML-shape mistakes a newcomer makes first get one finding that names
/// the real cause, at the cause, in place of libyaml's words.
@Suite("YAML shape mistakes")
struct YAMLShapeTests {
  typealias T = YAMLTestSupport

  private func finding(_ text: String) -> (summary: [String], message: String?) {
    let (_, diagnostics) = T.parse(text)
    return (T.summary(diagnostics), diagnostics.first?.message)
  }

  @Test func tabInIndentationIsNamedAtTheTab() {
    let result = finding("a:\n  b: 1\n  \tc: 2\n")
    #expect(result.summary == ["yaml-syntax@3:3"])
    #expect(result.message == "a tab character is not allowed for indentation; use spaces")
  }

  @Test func tabBeforeASiblingAfterAPlainScalar() {
    let result = finding("a:\n  b: x\n\tc: 2\n")
    #expect(result.summary == ["yaml-syntax@3:1"])
    #expect(result.message == "a tab character is not allowed for indentation; use spaces")
  }

  @Test func keyIndentedOneSpaceMoreThanItsSiblings() {
    let result = finding("a:\n  b:\n     c: 1\n    d: 2\n")
    #expect(result.summary == ["yaml-syntax@3:6"])
    #expect(result.message == "this key is indented 5 spaces; its siblings use 4")
  }

  @Test func keyIndentedOneSpaceLessThanItsSiblings() {
    let result = finding("a:\n  b:\n    c: 1\n   d: 2\n    e: 3\n")
    #expect(result.summary == ["yaml-syntax@4:4"])
    #expect(result.message == "this key is indented 3 spaces; its siblings use 4")
  }

  @Test func keyIndentedDeeperThanASiblingWithAValue() {
    let result = finding("a:\n  b:\n    c: 1\n     d: 2\n")
    #expect(result.summary == ["yaml-syntax@4:6"])
    #expect(result.message == "this key is indented 5 spaces; its siblings use 4")
  }

  @Test func theFirstKeyIsTheSlipWhenTheNextOneHasTheFilesStep() {
    let result = finding("a:\n  b:\n   c: 1\n    d: 2\n")
    #expect(result.summary == ["yaml-syntax@3:4"])
    #expect(result.message == "this key is indented 3 spaces; its siblings use 4")
  }

  @Test func aFileIndentedByFourIsJudgedByFour() {
    let result = finding("a:\n    b:\n        c: 1\n       d: 2\n")
    #expect(result.summary == ["yaml-syntax@4:8"])
    #expect(result.message == "this key is indented 7 spaces; its siblings use 8")
  }

  @Test func aSequenceItemOffItsSiblings() {
    let result = finding("a:\n  - x\n - y\n")
    #expect(result.summary == ["yaml-syntax@3:2"])
    #expect(result.message == "this item is indented 1 space; its siblings use 2")
  }

  @Test func missingSpaceAfterAColonBeforeASibling() {
    let result = finding("a:\n  start:welcome\n  screens: 1\n")
    #expect(result.summary == ["yaml-syntax@2:8"])
    #expect(result.message == "missing space after ':' in 'start:welcome': write 'start: welcome'")
  }

  @Test func missingSpaceAfterAColonOnTheLastLine() {
    let result = finding("a:\n  screens: 1\n  start:welcome\n")
    #expect(result.summary == ["yaml-syntax@3:8"])
  }

  @Test func missingSpaceAfterAColonInAFlowMapping() {
    let result = finding("a: { push:permissions }\n")
    #expect(result.summary == ["yaml-syntax@1:10"])
    #expect(
      result.message == "missing space after ':' in 'push:permissions': write 'push: permissions'")
  }

  @Test func colonsInsideValuesAndQuotedKeysAreFine() {
    for text in [
      "a: http://example.com\n", "a: { 'push:x': 1 }\n", "a: { url: 'x:y' }\n", "a: [b:c]\n",
      "a: { b:c: 1 }\n", "a: { http://foo.com }\n",
    ] {
      #expect(T.parse(text).diagnostics.isEmpty, "\(text)")
    }
  }

  @Test func linesThatAreNotKeysOrItemsKeepLibYAMLsWords() {
    // A block scalar's bad indentation, a multi-line plain scalar.
    for text in ["block: >\n \n  \n   \n invalid\n", "this\n is\n  invalid: x\n"] {
      let result = finding(text)
      #expect(result.summary.count == 1)
      #expect(result.message?.contains("indented") == false, "\(text): \(result.message ?? "")")
    }
  }

  @Test func withoutAStepToGoByTheFewerLinesAreTheSlip() {
    let result = finding("key:\n   - ok\n   - also ok\n  - wrong\n")
    #expect(result.summary == ["yaml-syntax@4:3"])
    #expect(result.message == "this item is indented 2 spaces; its siblings use 3")
  }

  @Test func otherSyntaxErrorsKeepLibYAMLsWords() {
    let result = finding("a: [1, 2\n")
    #expect(result.summary.count == 1)
    #expect(result.message?.contains("did not find expected ',' or ']'") == true)
  }
}
