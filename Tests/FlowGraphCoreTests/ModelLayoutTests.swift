import FlowGraphCore
import Foundation
import Testing

/// The model's records are what a large graph's memory is made of (490,000
/// actions at 100,000 screens: docs/performance.md, "Where memory goes"):
/// their sizes may shrink, never grow unnoticed.
@Suite struct ModelLayoutTests {
  @Test func idsAreFourBytes() {
    #expect(MemoryLayout<FlowID>.size == 4)
    #expect(MemoryLayout<ScreenID>.size == 4)
    #expect(MemoryLayout<TaskID>.size == 4)
    #expect(MemoryLayout<TypeID>.size == 4)
  }

  @Test func aTransitionKindIsSixteenBytes() {
    // The tab name of `select` is boxed, as the handlers of `start` are.
    #expect(MemoryLayout<Transition.Kind>.size <= 16)
  }

  @Test func recordsAreNoLargerThanMeasured() {
    // With 12-byte `SourceSpan`s (16 as optionals); before the spans and
    // the 32-bit ids they were 112, 168 and 216 bytes.
    #expect(MemoryLayout<Transition>.stride <= 64)
    #expect(MemoryLayout<Action>.stride <= 104)
    #expect(MemoryLayout<Screen>.stride <= 160)
  }

  @Test func anIndexOutsideThirtyTwoBitsStaysOutOfRange() {
    #expect(ScreenID(7).index == 7)
    #expect(ScreenID(-1).index == -1)
    #expect(ScreenID(Int(Int32.max) + 5).index == Int(Int32.max))
    #expect(FlowID(Int.min).index == Int(Int32.min))
    #expect(TaskID(3) < TaskID(4))
  }

  @Test func anIdIsEncodedAsItsIndex() throws {
    let data = try JSONEncoder().encode([ScreenID(12), ScreenID(0)])
    #expect(String(decoding: data, as: UTF8.self) == "[12,0]")
    #expect(try JSONDecoder().decode([TypeID].self, from: Data("[3]".utf8)) == [TypeID(3)])
  }
}
