import Testing

@testable import FlowGraphYAML

/// The decoder's hot loops recognise screen and transition keys through
/// ``DSLKey``; the allowed keys (and so the JSON Schema, by
/// `SchemaDriftTests`) come from ``DSLKeys``. Both must name the same keys.
@Suite("DSL keys recognised by byte")
struct DSLKeyTests {
  @Test(arguments: DSLKeys.screen + DSLKeys.transition)
  func everyScreenAndTransitionKeyIsRecognised(_ key: String) {
    #expect(DSLKey(key) != .other, "'\(key)' is allowed but not recognised")
  }

  @Test func noOtherTextIsAKey() {
    let known = Set(DSLKeys.screen + DSLKeys.transition)
    for text in ["", "Push", "pushh", "popToRoot", "dismiss", "stay", "input", "results", "enum"]
    where !known.contains(text) {
      #expect(DSLKey(text) == .other, "'\(text)'")
    }
  }
}
