import Testing

@testable import FlowGraphCore

@Suite("Source maps and spans")
struct SourceMapTests {
  private func lines(_ text: String, bom: Bool = false) -> SourceLineTable {
    var bytes = Array(text.utf8)
    if bom { bytes.insert(contentsOf: [0xEF, 0xBB, 0xBF], at: 0) }
    return bytes.withUnsafeBufferPointer { SourceLineTable(bytes: $0, bomLength: bom ? 3 : 0) }
  }

  /// Line and column of every offset, counted the slow way (LF, CR, CRLF,
  /// NEL, LS, PS end a line; a column is a Unicode scalar).
  private func expected(_ text: String, offset: Int) -> (line: Int, column: Int) {
    let bytes = Array(text.utf8)
    var line = 1
    var column = 1
    var i = 0
    while i < offset {
      let byte = bytes[i]
      var width = 1
      var breaks = byte == 0x0A || byte == 0x0D
      if byte == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { width = 2 }
      if byte == 0xC2, i + 1 < bytes.count, bytes[i + 1] == 0x85 { (breaks, width) = (true, 2) }
      if byte == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x80, bytes[i + 2] & 0xFE == 0xA8 {
        (breaks, width) = (true, 3)
      }
      if breaks, i + width > offset {
        // Inside a line break: its bytes so far are columns of this line.
        column += bytes[i..<offset].filter { $0 & 0xC0 != 0x80 }.count
        break
      }
      if breaks {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
      i += breaks ? width : 1
    }
    return (line, column)
  }

  @Test(arguments: [
    "a: 1\nbb: 2\n", "título: é\r\nnext: 日本語 x\rlast\u{85}after\u{2028}x\u{2029}y",
    "", "no newline at the end", "\n\n\n",
  ])
  func aPositionIsTheLineAndScalarColumnOfItsOffset(text: String) {
    let table = lines(text)
    for offset in 0...text.utf8.count {
      let position = table.position(ofOffset: offset)
      let (line, column) = expected(text, offset: offset)
      #expect(position.line == line, "offset \(offset)")
      #expect(position.column == column, "offset \(offset)")
      #expect(position.offset == offset)
    }
  }

  @Test func aBOMIsNotAColumn() {
    let table = lines("é: 1", bom: true)
    #expect(table.position(ofOffset: 3).column == 1)
    #expect(table.position(ofOffset: 5).column == 2)
  }

  @Test func aSpanOfAFileResolvesToItsPathLinesAndColumns() {
    var map = SourceMap()
    let file = map.addFile(path: "Flows/a.yaml", lines: lines("flows:\n  é: x\n"))
    let span = SourceSpan(file: file, start: 9, end: 13)
    let range = map.range(span)
    #expect(range?.file == "Flows/a.yaml")
    #expect(range?.start == SourcePosition(line: 2, column: 3, offset: 9))
    #expect(range?.end == SourcePosition(line: 2, column: 6, offset: 13))
    #expect(map.path(of: span) == "Flows/a.yaml")
    #expect(map.range(nil) == nil)
  }

  @Test func anExplicitRangeComesBackWhole() {
    var map = SourceMap()
    let range = SourceRange(
      file: "built.swift", start: SourcePosition(line: 40, column: 2, offset: 7),
      end: SourcePosition(line: 41, column: 9, offset: 99))
    let span = map.span(for: range)
    #expect(span.isExplicit)
    #expect(map.range(span) == range)
    #expect(map.explicitRangeCount == 1)
    #expect(map.files.map(\.path) == ["built.swift"])
    #expect(map.files[0].byteCount == nil)
  }

  @Test func aSpanTheMapDoesNotHoldResolvesToNothing() {
    var map = SourceMap()
    let file = map.addFile(path: "a.yaml", lines: lines("ab\n"))
    #expect(map.range(SourceSpan(file: file + 1, start: 0, end: 0)) == nil)
    #expect(map.range(SourceSpan(file: file, start: 0, end: 4)) == nil)
    #expect(map.range(SourceSpan(file: file, start: 2, end: 1)) == nil)
    #expect(map.range(SourceSpan(file: SourceSpan.explicitFile, start: 0, end: 0)) == nil)
    #expect(SourceMap().path(of: SourceSpan(file: 0, start: 0, end: 0)) == nil)
  }

  @Test func spansOfOneFileCompareByOffset() {
    var map = SourceMap()
    let a = map.addFile(path: "a.yaml", lines: lines("x\ny\n"))
    let b = map.addFile(path: "b.yaml", lines: lines("x\ny\n"))
    let early = SourceSpan(file: a, start: 0, end: 1)
    let late = SourceSpan(file: a, start: 2, end: 3)
    #expect(map.startsBefore(early, late) == true)
    #expect(map.startsBefore(late, early) == false)
    #expect(map.startsBefore(early, SourceSpan(file: b, start: 2, end: 3)) == nil)
    let explicit = map.span(
      for: SourceRange(file: "a.yaml", at: SourcePosition(line: 1, column: 2, offset: 1)))
    #expect(map.startsBefore(early, explicit) == true)
    #expect(map.startsBefore(explicit, late) == true)
  }

  @Test func aLineTableReadBackIsCheckedAgainstItsFile() {
    #expect(SourceLineTable(lineStarts: [0, 3], continuations: [], byteCount: 5) != nil)
    #expect(SourceLineTable(lineStarts: [], continuations: [], byteCount: 5) == nil)
    #expect(SourceLineTable(lineStarts: [0, 3, 3], continuations: [], byteCount: 5) == nil)
    #expect(SourceLineTable(lineStarts: [0, 6], continuations: [], byteCount: 5) == nil)
    #expect(SourceLineTable(lineStarts: [4], continuations: [], byteCount: 5) == nil)
    #expect(SourceLineTable(lineStarts: [0], continuations: [2, 1], byteCount: 5) == nil)
    #expect(SourceLineTable(lineStarts: [0], continuations: [5], byteCount: 5) == nil)
    let table = SourceLineTable(lineStarts: [0], continuations: [1], byteCount: 3)
    #expect(table?.position(ofOffset: 2).column == 2)
    #expect(table == lines("é!"))
  }

  /// A table without its block index (a compiled graph's) finds every
  /// offset's line and column as the indexed one does.
  @Test func anUnindexedTableFindsTheSameLines() throws {
    let long = String(repeating: "a", count: 300)
    for text in [
      "", "a", "\n", "one\ntwo\r\nthree\rfour\u{85}five\u{2028}six", "\u{FEFF}é\n\(long)\n\nend",
      String(repeating: "line\n", count: 100),
    ] {
      for bom in [false, true] {
        let indexed = lines(text, bom: bom)
        let unindexed = try #require(
          SourceLineTable(
            lineStarts: indexed.lineStarts, continuations: indexed.continuations,
            byteCount: indexed.byteCount, indexed: false))
        #expect(unindexed == indexed)
        for offset in 0...indexed.byteCount {
          #expect(
            unindexed.position(ofOffset: offset) == indexed.position(ofOffset: offset),
            "\(offset) in \(text.debugDescription)")
        }
      }
    }
  }

  @Test func aSpanIsTwelveBytes() {
    #expect(MemoryLayout<SourceSpan>.size == 12)
    #expect(MemoryLayout<SourceSpan?>.stride <= 16)
  }

  @Test func aGraphBuiltInSwiftResolvesItsSpans() {
    var sources = SourceMap()
    let at = sources.span(
      for: SourceRange(file: "Flows/app.yaml", at: SourcePosition(line: 3, column: 5)))
    let home = Screen(name: "home", flow: FlowID(0), span: at)
    let graph = FlowGraph(
      flows: [Flow(name: "app", start: FlowStart(.screen(ScreenID(0))), screens: [ScreenID(0)])],
      screens: [home], entry: FlowID(0), sources: sources)
    #expect(graph.range(home.span)?.start.line == 3)
    #expect(graph.range(home.span)?.file == "Flows/app.yaml")
    // Without the map the span means nothing.
    let orphan = FlowGraph(
      flows: graph.flows, screens: Array(graph.screens), entry: graph.entry)
    #expect(orphan.range(home.span) == nil)
  }

  @Test func graphsCompareByTheRangesTheirSpansStandFor() {
    let range = SourceRange(file: "a.yaml", at: SourcePosition(line: 2, column: 1, offset: 3))
    func graph(_ sources: inout SourceMap, _ span: SourceSpan) -> FlowGraph {
      FlowGraph(
        flows: [Flow(name: "app", start: FlowStart(.screen(ScreenID(0))), screens: [ScreenID(0)])],
        screens: [Screen(name: "s", flow: FlowID(0), span: span)], entry: FlowID(0),
        sources: sources)
    }
    var explicit = SourceMap()
    let one = graph(&explicit, explicit.span(for: range))
    var file = SourceMap()
    let index = file.addFile(path: "a.yaml", lines: lines("x:\ny: 1\n"))
    let two = graph(&file, SourceSpan(file: index, start: 3, end: 3))
    #expect(one == two)
    #expect(one.hashValue == two.hashValue)
    var moved = SourceMap()
    let three = graph(
      &moved,
      moved.span(
        for: SourceRange(file: "a.yaml", at: SourcePosition(line: 2, column: 2, offset: 4))))
    #expect(one != three)
  }
}
