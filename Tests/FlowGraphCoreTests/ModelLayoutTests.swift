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
    // Spans are 8 bytes in a record (PackedSpan; 12 as `SourceSpan`).
    // A transition's pop target, arguments and nested transitions, and an
    // action's params, are in side tables: only the records that have them
    // hold an index there; a transition's target span is an offset from its
    // key span (20 and 24 bytes, down from 44 and 28). A screen keeps where
    // its actions end, and its tab bar and custom back in a side table (64
    // bytes, down from 72).
    let strides = GraphTables.recordStrides
    #expect(strides.screen <= 64)
    #expect(strides.action <= 24)
    #expect(strides.transition <= 20)
  }

  /// A transition's target span is kept as an offset from its key span when
  /// it starts at most 255 bytes after it, in the same file, and is at most
  /// 255 bytes long; any other reads back as given too (kept whole beside
  /// the record), with its key span, nested transitions and arguments.
  @Test(arguments: [
    (SourceSpan(file: 1, start: 10, end: 14), SourceSpan(file: 1, start: 16, end: 22)),
    (SourceSpan(file: 1, start: 10, end: 14), SourceSpan(file: 1, start: 265, end: 520)),
    (SourceSpan(file: 1, start: 10, end: 14), SourceSpan(file: 1, start: 266, end: 267)),
    (SourceSpan(file: 1, start: 10, end: 14), SourceSpan(file: 1, start: 11, end: 267)),
    (SourceSpan(file: 1, start: 10, end: 14), SourceSpan(file: 2, start: 16, end: 22)),
    (SourceSpan(file: 1, start: 10, end: 14), SourceSpan(file: 1, start: 9, end: 12)),
    (SourceSpan(file: 1, start: 10, end: 14), SourceSpan(file: 1, start: 10, end: 10)),
    (SourceSpan(file: 4095, start: 10, end: 14), SourceSpan(file: 4095, start: 16, end: 22)),
    (
      SourceSpan(file: 0, start: UInt32.max - 9, end: UInt32.max - 5),
      SourceSpan(file: 0, start: UInt32.max - 3, end: UInt32.max)
    ),
  ])
  func everyTargetSpanReadsBackAsGiven(key: SourceSpan, target: SourceSpan) {
    let handled = Transition(.push(ScreenID(0)), span: target, targetSpan: key)
    let argument = Argument(parameter: 0, source: .flowInput(0))
    for (transition, keySpan) in [
      (Transition(.push(ScreenID(1)), span: key, targetSpan: target), key),
      (Transition(.push(ScreenID(1)), targetSpan: target), nil),
      (Transition(.push(ScreenID(1)), arguments: [argument], span: key, targetSpan: target), key),
    ] {
      #expect(transition.span == keySpan)
      #expect(transition.targetSpan == target)
    }
    let run = Transition(.run(TaskID(0), outcomes: [handled]), span: key, targetSpan: target)
    guard case .run(_, let outcomes) = run.kind else {
      Issue.record("not a run")
      return
    }
    #expect(outcomes.count == 1)
    #expect(outcomes.first?.span == target)
    #expect(outcomes.first?.targetSpan == key)
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

  /// A span too wide for a record's 8 bytes (a file index of 4,095 or more,
  /// 1 MiB or longer, or explicit) is kept whole beside the tables and reads
  /// back as it was given, as do the narrow ones at the edges of the packing.
  @Test(arguments: [
    SourceSpan(file: 0, start: 0, end: 0),
    SourceSpan(file: 4094, start: UInt32.max - (1 << 20) + 1, end: UInt32.max),
    SourceSpan(file: 4095, start: 1, end: 2),
    SourceSpan(file: 3, start: 10, end: 10 + (1 << 20)),
    SourceSpan(file: SourceSpan.explicitFile, start: 7, end: 7),
    SourceSpan(file: 1, start: 9, end: 4),
  ])
  func everySpanReadsBackAsGiven(span: SourceSpan) {
    let narrow = SourceSpan(file: 2, start: 5, end: 9)
    let transition = Transition(.pop, span: span, targetSpan: narrow)
    let action = Action(name: "a", transition: transition, span: span)
    let screen = Screen(
      name: "s", flow: FlowID(0), actions: [action], span: narrow, extentSpan: span,
      deeplinkSpan: span)
    #expect(screen.span == narrow)
    #expect(screen.extentSpan == span)
    #expect(screen.deeplinkSpan == span)
    #expect(screen.actions[0].span == span)
    #expect(screen.actions[0].transition.span == span)
    #expect(screen.actions[0].transition.targetSpan == narrow)
  }
}
