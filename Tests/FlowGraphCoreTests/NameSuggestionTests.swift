import FlowGraphCore
import Testing

@Suite("Did you mean: NameSuggestion")
struct NameSuggestionTests {
  @Test(arguments: [
    ("tipz", ["tips", "home"], "tips"),
    ("user", ["userId", "note"], "userId"),
    (
      "nextToPage3ButtonPresed", ["nextToPage3ButtonPressed", "skipButtonPressed"],
      "nextToPage3ButtonPressed"
    ),
    ("tilte", ["title", "description"], "title"),
    ("Title", ["title"], "title"),
  ])
  func suggestsTheLikelyTypo(name: String, candidates: [String], expected: String) {
    #expect(NameSuggestion.best(for: name, among: candidates) == expected)
  }

  @Test func saysNothingWhenNothingIsClose() {
    #expect(NameSuggestion.best(for: "checkout", among: ["home", "detail", "share"]) == nil)
    #expect(NameSuggestion.best(for: "a", among: ["abc"]) == nil)
    #expect(NameSuggestion.best(for: "home", among: ["home"]) == nil, "a name is no typo of itself")
  }

  @Test func tiesDoNotDependOnTheCandidatesOrder() {
    let forward = NameSuggestion.best(for: "pag", among: ["pad", "pan"])
    let backward = NameSuggestion.best(for: "pag", among: ["pan", "pad"])
    #expect(forward == "pad")
    #expect(backward == "pad")
  }

  @Test func phraseAndHintEndAMessage() {
    #expect(NameSuggestion.phrase("tips") == " (did you mean 'tips'?)")
    #expect(NameSuggestion.phrase(nil) == "")
    #expect(NameSuggestion.hint(for: "tipz", in: ["tips"]) == " (did you mean 'tips'?)")
  }
}
