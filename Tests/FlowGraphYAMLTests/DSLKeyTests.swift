import Testing

@testable import FlowGraphYAML

/// The decoder's hot loops recognise screen and transition keys through
/// ``DSLKey``; the allowed keys (and so the JSON Schema, by
/// `SchemaDriftTests`) come from ``DSLKeys``. Both must name the same keys.
@Suite("DSL keys recognised by byte")
struct DSLKeyTests {
  /// The key `text` spells, read from its bytes as the decoder reads a scalar.
  func key(_ text: String) -> DSLKey {
    var text = text
    return text.withUTF8 { DSLKey(utf8: $0) }
  }

  /// The transition keyword `text` spells, read from its bytes.
  func keyword(_ text: String) -> TransitionSyntax.Keyword? {
    var text = text
    return text.withUTF8 { TransitionSyntax.Keyword(utf8: $0) }
  }

  @Test(arguments: DSLKeys.screen + DSLKeys.transition)
  func everyScreenAndTransitionKeyIsRecognised(_ key: String) {
    #expect(self.key(key) != .other, "'\(key)' is allowed but not recognised")
  }

  @Test(arguments: DSLKey.allCases.filter { !$0.text.isEmpty })
  func everyKeyIsReadFromItsOwnText(_ key: DSLKey) {
    #expect(self.key(key.text) == key)
  }

  @Test func noOtherTextIsAKey() {
    let known = Set(DSLKeys.screen + DSLKeys.transition)
    // Besides words that are no key, texts of a key's length and first
    // bytes: the length and those bytes only pick the key to compare with.
    let texts = [
      "", "o", "Push", "pushh", "popToRoot", "dismiss", "stay", "input", "results", "enum",
      "of", "pip", "rut", "pusk", "fly", "stars", "titles", "selekt", "preset", "outcomez",
      "sumthing", "seleccted", "descriptio", "descriptiom", "dismissable", "inclusivo", "de",
      "push ", " push", "Title", "actions\u{0}",
    ]
    for text in texts where !known.contains(text) {
      #expect(key(text) == .other, "'\(text)'")
    }
  }

  @Test func keywordsAreReadFromTheirBytes() {
    for keyword in [TransitionSyntax.Keyword.pop, .popToRoot, .dismiss, .stay] {
      #expect(self.keyword(keyword.rawValue) == keyword)
    }
    for text in ["", "po", "pup", "popToRoat", "dismisss", "dismis", "sta", "stax", "Stay", "push"]
    {
      #expect(keyword(text) == nil, "'\(text)'")
    }
  }
}
