import Testing

@testable import FlowGraphCore

/// The one JSON string decoder (list values, `--events`): escapes, surrogate
/// pairs, and where each malformed literal fails.
@Suite struct JSONStringLiteralTests {
  private func read(_ text: String, controls: Bool = false) -> (
    Result<String, JSONStringLiteral.Failure>, end: Int
  ) {
    var index = 0
    let result = JSONStringLiteral.read(
      Array(text.unicodeScalars), at: &index, allowsControlCharacters: controls)
    return (result, index)
  }

  @Test func escapesAndSurrogatePairs() throws {
    let (result, end) = read(#""a\"b\\c\/\b\f\n\r\t\u00e9\ud83d\ude00" tail"#)
    #expect(try result.get() == "a\"b\\c/\u{08}\u{0C}\n\r\té😀")
    #expect(end == 39)
  }

  @Test(arguments: [
    (#""abc"#, JSONStringLiteral.Failure.Reason.unterminated, 0),
    (#""a\qb""#, .unknownEscape("q"), 2),
    (#""a\u12G4""#, .badHexDigits, 2),
    (#""a\u+123""#, .badHexDigits, 2),
    (#""\ud83d""#, .loneSurrogate, 1),
    (#""\ud83d\u0041""#, .loneSurrogate, 1),
    (#""\ude00""#, .loneSurrogate, 1),
    ("\"a\tb\"", .controlCharacter, 2),
  ])
  func malformed(text: String, reason: JSONStringLiteral.Failure.Reason, index: Int) {
    let (result, _) = read(text)
    #expect(result == .failure(JSONStringLiteral.Failure(reason: reason, index: index)))
  }

  @Test func controlCharactersWhenAllowed() throws {
    #expect(try read("\"a\tb\"", controls: true).0.get() == "a\tb")
  }
}
