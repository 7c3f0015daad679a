import Testing

@testable import FlowGraphYAML

@Suite("Name table")
struct NameTableTests {
  private func string(_ table: NameTable, _ text: String) -> String {
    var text = text
    return text.withUTF8 { table.string($0) }
  }

  @Test func theSameTextGivesTheSameStringOnce() {
    let table = NameTable(capacity: 4)
    let first = string(table, "closeButtonPressed")
    let second = string(table, "closeButtonPressed")
    #expect(first == "closeButtonPressed")
    #expect(second == first)
    #expect(table.count == 1)
    // Shared storage, not a second copy.
    var a = first
    var b = second
    let sameBytes = a.withUTF8 { x in b.withUTF8 { y in x.baseAddress == y.baseAddress } }
    #expect(sameBytes)
  }

  @Test func distinctTextsStayDistinctAcrossGrowth() {
    let table = NameTable(capacity: 1)
    let names = (0..<5_000).map { "screen\($0)" } + ["", "é", "名前", "a\u{0}b"]
    for name in names { _ = string(table, name) }
    for name in names { #expect(string(table, name) == name) }
    #expect(table.count == names.count)
  }

  @Test func nameValidityIsTheNameRules() {
    let table = NameTable()
    for text in ["home", "row_selected-2", "", "two words", "é", "名前", "a.b", "$x"] {
      var bytes = text
      let (name, _, isValid) = bytes.withUTF8 { table.name($0) }
      #expect(name == text)
      #expect(isValid == NameRules.isValid(text), "\(text)")
      // Asked again: the cached answer is the same.
      #expect(bytes.withUTF8 { table.name($0) }.isValid == isValid)
    }
  }

  /// Texts of every length up to 20 that differ in one byte only (where the
  /// hash and the comparison read overlapping words) get distinct entries,
  /// and the same text always the same one.
  @Test func entriesAreOnePerDistinctText() {
    let table = NameTable(capacity: 8)
    var entries: [String: Int32] = [:]
    for length in 1...20 {
      let base = String(repeating: "a", count: length)
      var texts = [base]
      for position in 0..<length {
        var bytes = Array(base.utf8)
        bytes[position] = UInt8(ascii: "b")
        texts.append(String(decoding: bytes, as: UTF8.self))
      }
      for text in texts {
        var copy = text
        let (stored, entry) = copy.withUTF8 { table.entry($0) }
        #expect(stored == text)
        if let known = entries[text] {
          #expect(known == entry, "\(text)")
        } else {
          #expect(!entries.values.contains(entry), "\(text)")
          entries[text] = entry
        }
      }
    }
    #expect(table.count == entries.count)
  }

  /// The lookup the decoders read through gives what the table gives; a
  /// node that is not a scalar reads as the empty (invalid) name; an entry
  /// gives its text back; a mapping's pairs are read by index as by node.
  @Test func theLookupReadsNodesAsTheTableReadsText() throws {
    let table = NameTable()
    let lookup = table.lookup
    let document = try #require(
      YAMLTestSupport.parse("close: { push: detail }\n'two words': [a]\n").document)
    let pairs = document.root.pairs
    #expect(pairs.count == 2)
    for position in pairs.indices {
      #expect(pairs.keyIndex(position) == pairs[position].key.index)
      #expect(pairs.valueIndex(position) == pairs[position].value.index)
    }
    let close = lookup.name(of: pairs[0].key)
    #expect(close.text == "close" && close.isValid)
    #expect(table.text(ofEntry: close.entry) == "close")
    #expect(string(table, "close") == close.text)
    var bytes = "close"
    #expect(bytes.withUTF8 { lookup.entry($0) }.entry == close.entry)
    let twoWords = lookup.name(of: pairs[1].key)
    #expect(twoWords.text == "two words" && !twoWords.isValid)
    #expect(table.text(ofEntry: twoWords.entry) == "two words")
    let notScalar = lookup.name(of: pairs[0].value)
    #expect(notScalar.text == "" && !notScalar.isValid)
    #expect(table.text(ofEntry: notScalar.entry) == "")
    #expect(table.count == 3)
  }
}
