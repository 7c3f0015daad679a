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

  @Test func screensActionsAndTransitionsAreHandles() {
    // A table reference and an index: reading the model copies no record.
    #expect(MemoryLayout<Screen>.size == 12)
    #expect(MemoryLayout<Action>.size == 12)
    #expect(MemoryLayout<Transition>.size == 12)
  }

  @Test func recordsAreNoLargerThanMeasured() {
    // The flat tables of docs/compact-model.md. Before them, `Screen`,
    // `Action` and `Transition` were records of 160, 104 and 64 bytes (an
    // action held its transition), plus an array per screen's actions.
    let strides = GraphTables.recordStrides
    #expect(strides.screen <= 84)
    #expect(strides.action <= 32)
    #expect(strides.transition <= 52)
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
