import Foundation
import Testing

@testable import FlowGraphCore

@Suite("Source ranges")
struct SourceRangeTests {
  @Test func theFileReadsBackAsGiven() {
    let range = SourceRange(
      file: "Flows/login-app.yaml", start: SourcePosition(line: 3, column: 5, offset: 40),
      end: SourcePosition(line: 3, column: 9, offset: 44))
    #expect(range.file == "Flows/login-app.yaml")
    #expect(range.start.line == 3)
    #expect(range.end.column == 9)
    #expect(range.end.offset == 44)
  }

  @Test func rangesInTheSameFileAreEqual() {
    let position = SourcePosition(line: 1, column: 1)
    let one = SourceRange(file: "a.yaml", at: position)
    let same = SourceRange(file: "a.yaml", start: position, end: position)
    let other = SourceRange(file: "b.yaml", at: position)
    #expect(one == same)
    #expect(one.hashValue == same.hashValue)
    #expect(one != other)
  }

  @Test func changingTheFileMovesTheRange() {
    var range = SourceRange(file: "a.yaml", at: SourcePosition(line: 2, column: 1))
    range.file = "b.yaml"
    #expect(range.file == "b.yaml")
    #expect(range == SourceRange(file: "b.yaml", at: SourcePosition(line: 2, column: 1)))
  }

  @Test func containsComparesFilesAndPositions() {
    let range = SourceRange(
      file: "a.yaml", start: SourcePosition(line: 2, column: 3),
      end: SourcePosition(line: 4, column: 1))
    #expect(range.contains(SourcePosition(line: 3, column: 9), in: "a.yaml"))
    #expect(!range.contains(SourcePosition(line: 3, column: 9), in: "b.yaml"))
    #expect(!range.contains(SourcePosition(line: 4, column: 2), in: "a.yaml"))
  }

  @Test func hugeNumbersAreClampedNotTrapped() {
    let position = SourcePosition(line: Int.max, column: -1, offset: 1 << 40)
    #expect(position.line == Int(UInt32.max))
    #expect(position.column == 0)
    #expect(position.offset == Int(UInt32.max))
  }

  @Test func jsonKeepsThePathAndTheThreeNumbers() throws {
    let range = SourceRange(
      file: "dir/f.yaml", start: SourcePosition(line: 1, column: 2, offset: 1),
      end: SourcePosition(line: 1, column: 6, offset: 5))
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = String(decoding: try encoder.encode(range), as: UTF8.self)
    #expect(
      json
        == #"{"end":{"column":6,"line":1,"offset":5},"file":"dir\/f.yaml","start":{"column":2,"line":1,"offset":1}}"#
    )
    #expect(try JSONDecoder().decode(SourceRange.self, from: Data(json.utf8)) == range)
  }

  @Test func modelValuesStayPlainAndSmall() {
    // Model values keep spans, not ranges: plain data, no reference, and
    // no path; the graph's source map holds the paths.
    #expect(MemoryLayout<SourceSpan?>.stride <= 16)
    #expect(_isPOD(SourceSpan.self))
    #expect(_isPOD(SourcePosition.self))
  }
}
