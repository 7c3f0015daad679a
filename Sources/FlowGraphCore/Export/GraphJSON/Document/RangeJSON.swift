/// A source range: `[file, line, column, offset, endLine, endColumn,
/// endOffset]`, the file an index of the document's file table.
struct RangeJSON: Codable {
  var file: Int
  var start: SourcePosition
  var end: SourcePosition

  /// The least value of each number: indices and offsets are 0-based, lines
  /// and columns 1-based.
  private static let minimums = [0, 1, 1, 0, 1, 1, 0]

  init(file: Int, start: SourcePosition, end: SourcePosition) {
    self.file = file
    self.start = start
    self.end = end
  }

  init(from decoder: any Decoder) throws {
    guard var array = try? decoder.unkeyedContainer() else {
      throw decoder.mismatch(expected: "a source range (an array)")
    }
    guard array.count == 7 else {
      throw GraphJSONError(
        "a source range is [file, line, column, offset, endLine, endColumn, endOffset]; this one has \(array.count ?? 0) numbers",
        path: decoder.jsonPath)
    }
    var numbers: [Int] = []
    numbers.reserveCapacity(7)
    while !array.isAtEnd {
      if let number = try? array.decode(Int.self) {
        numbers.append(number)
      } else {
        numbers.append(try array.decode(JSONIntElement.self).value)
      }
    }
    for (index, number) in numbers.enumerated() {
      let minimum = Self.minimums[index]
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
