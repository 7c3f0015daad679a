/// Builds Swift source line by line with two-space indentation, as
/// swift-format would lay it out, so that the generated file is stable.
struct SwiftCodeWriter {
  private(set) var text = ""
  private var depth = 0
  /// Whether the last line opened a block (an empty line is not written there).
  private var opened = false

  /// Appends a line at the current indentation (an empty line stays empty).
  mutating func line(_ content: String = "") {
    if content.isEmpty {
      if !opened { text += "\n" }
    } else {
      text += String(repeating: "  ", count: depth) + content + "\n"
    }
    opened = false
  }

  /// `header {`, the body one level deeper, then `}`.
  mutating func block(_ header: String, _ body: (inout SwiftCodeWriter) -> Void) {
    block(header, opening: " {", body)
  }

  /// `switch subject {`, the cases at the switch's own indentation (as
  /// swift-format lays them out), then `}`.
  mutating func switchBlock(_ subject: String, _ cases: (inout SwiftCodeWriter) -> Void) {
    line("switch \(subject) {")
    opened = true
    cases(&self)
    line("}")
  }

  /// `header` (ending with its own opening, as in `f { call in`), the body
  /// one level deeper, then `}`.
  mutating func block(
    _ header: String, opening: String, _ body: (inout SwiftCodeWriter) -> Void
  ) {
    line(header + opening)
    opened = true
    depth += 1
    body(&self)
    depth -= 1
    line("}")
  }

  /// A `///` comment, one line per line of `text` (nothing for empty text).
  mutating func doc(_ text: String?) {
    guard let text else { return }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.trimmingSuffixWhitespace() }
    var trimmed = Array(lines.drop { $0.isEmpty })
    while trimmed.last?.isEmpty == true { trimmed.removeLast() }
    for content in trimmed {
      line(content.isEmpty ? "///" : "/// " + content)
    }
  }

  /// Doc paragraphs, separated by an empty `///` line; `nil`s are skipped.
  mutating func doc(paragraphs: [String?]) {
    let present = paragraphs.compactMap { $0 }.filter { !$0.isEmpty }
    for (index, paragraph) in present.enumerated() {
      if index > 0 { line("///") }
      doc(paragraph)
    }
  }
}

extension Substring {
  fileprivate func trimmingSuffixWhitespace() -> String {
    var result = self
    while let last = result.last, last == " " || last == "\t" || last == "\r" {
      result.removeLast()
    }
    return String(result)
  }
}
