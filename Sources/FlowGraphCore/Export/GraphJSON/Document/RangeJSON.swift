/// A source range: `[file, line, column, offset, endLine, endColumn,
/// endOffset]`, the file an index of the document's file table.
struct RangeJSON: Codable {
  var file: Int
  var start: SourcePosition
  var end: SourcePosition

  init(file: Int, start: SourcePosition, end: SourcePosition) {
    self.file = file
    self.start = start
    self.end = end
  }

  init(from decoder: any Decoder) throws {
    let numbers: [Int]
    if let fast = try? decoder.singleValueContainer().decode([Int].self) {
      numbers = fast
    } else {
      guard var array = try? decoder.unkeyedContainer() else {
        throw decoder.mismatch(expected: "a source range (an array)")
      }
      var elements: [Int] = []
      while !array.isAtEnd {
        elements.append(try array.decode(JSONIntElement.self).value)
      }
      numbers = elements
    }
    guard numbers.count == 7 else {
      throw GraphJSONError(
        "a source range is [file, line, column, offset, endLine, endColumn, endOffset]; this one has \(numbers.count) numbers",
        path: decoder.jsonPath)
    }
    for (index, number) in numbers.enumerated() {
      let minimum = [0, 1, 1, 0, 1, 1, 0][index]
      guard number >= minimum else {
        throw GraphJSONError(
          "\(number) is below \(minimum) in a source range", path: decoder.jsonPath + "[\(index)]")
      }
    }
    file = numbers[0]
    start = SourcePosition(line: numbers[1], column: numbers[2], offset: numbers[3])
    end = SourcePosition(line: numbers[4], column: numbers[5], offset: numbers[6])
  }

  func encode(to encoder: any Encoder) throws {
    var array = encoder.unkeyedContainer()
    for number in [file, start.line, start.column, start.offset, end.line, end.column, end.offset] {
      try array.encode(number)
    }
  }
}
