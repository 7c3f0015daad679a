import FlowGraphCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a line on a terminal with the editing keys a shell user expects:
/// Left/Right (Ctrl-B/Ctrl-F), Home/End (Ctrl-A/Ctrl-E), Backspace, Delete,
/// Ctrl-U, Ctrl-K, Ctrl-W, and Up/Down through the lines typed before.
/// Ctrl-D on an empty line and Ctrl-C end the input. Pure Swift over
/// termios: the terminal is in non-canonical, no-echo mode only while a line
/// is read. When standard input is not a terminal, lines are read as they come.
final class LineEditor: @unchecked Sendable {
  /// The one editor of the process (its history is the session's).
  static let shared = LineEditor()

  private let lock = Lock()
  private var history: [String] = []

  /// Reads one line after `prompt`; `nil` at the end of input (or Ctrl-C).
  func line(prompt: String) -> String? {
    lock.lock()
    defer { lock.unlock() }
    var saved = termios()
    guard isatty(STDIN_FILENO) != 0, isatty(STDOUT_FILENO) != 0,
      tcgetattr(STDIN_FILENO, &saved) == 0
    else {
      Console.out(prompt)
      return readLine(strippingNewline: true)
    }
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else {
      Console.out(prompt)
      return readLine(strippingNewline: true)
    }
    defer { _ = tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
    Console.out(prompt)
    var state = EditState(history: history)
    while true {
      guard let key = readKey() else {
        Console.out("\n")
        return nil
      }
      let atEnd = state.cursor == state.text.count
      switch state.apply(key) {
      case .edit:
        // Typing at the end of the line is echoed as typed; other edits redraw it.
        if atEnd, case .character(let scalar) = key {
          Console.out(String(scalar))
        } else if atEnd, key == .control(0x7F) || key == .control(0x08) {
          Console.out("\u{8}\u{1B}[K")
        } else {
          Console.out(state.redraw(prompt: prompt))
        }
      case .accept:
        Console.out("\n")
        let line = String(String.UnicodeScalarView(state.text))
        if !line.trimmingWhitespace().isEmpty, history.last != line {
          history.append(line)
        }
        return line
      case .end:
        Console.out("\n")
        return nil
      case .ignore:
        continue
      }
    }
  }

  /// A key read from the terminal.
  enum Key: Equatable {
    case character(Unicode.Scalar)
    case control(UInt8)
    case up, down, left, right, home, end, delete
    case unknown
  }

  /// The next key; `nil` when input ended.
  private func readKey() -> Key? {
    guard let byte = readByte() else { return nil }
    switch byte {
    case 0x1B:
      guard let next = readByte() else { return nil }
      guard next == UInt8(ascii: "[") || next == UInt8(ascii: "O") else { return .unknown }
      var parameter: [UInt8] = []
      while let code = readByte() {
        if code >= 0x40 && code <= 0x7E {
          return Self.escapeKey(final: code, parameter: parameter)
        }
        parameter.append(code)
        if parameter.count > 8 { return .unknown }
      }
      return nil
    case 0..<0x20, 0x7F:
      return .control(byte)
    default:
      // A UTF-8 sequence: its lead byte says how many bytes follow.
      let count = byte >= 0xF0 ? 3 : byte >= 0xE0 ? 2 : byte >= 0xC0 ? 1 : 0
      var bytes = [byte]
      for _ in 0..<count {
        guard let next = readByte() else { return nil }
        bytes.append(next)
      }
      let text = String(decoding: bytes, as: UTF8.self)
      return text.unicodeScalars.first.map(Key.character) ?? .unknown
    }
  }

  static func escapeKey(final: UInt8, parameter: [UInt8]) -> Key {
    switch (final, String(decoding: parameter, as: UTF8.self)) {
    case (UInt8(ascii: "A"), _): .up
    case (UInt8(ascii: "B"), _): .down
    case (UInt8(ascii: "C"), _): .right
    case (UInt8(ascii: "D"), _): .left
    case (UInt8(ascii: "H"), _), (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): .home
    case (UInt8(ascii: "F"), _), (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): .end
    case (UInt8(ascii: "~"), "3"): .delete
    default: .unknown
    }
  }

  private func readByte() -> UInt8? {
    var byte: UInt8 = 0
    while true {
      let count = read(STDIN_FILENO, &byte, 1)
      if count == 1 { return byte }
      if count < 0, errno == EINTR { continue }
      return nil
    }
  }
}

/// The line being edited, its cursor, and where it is in the history: the
/// editing itself, apart from the terminal (so that it can be tested).
struct EditState {
  enum Outcome: Equatable { case edit, accept, end, ignore }

  private(set) var text: [Unicode.Scalar] = []
  private(set) var cursor = 0
  private let history: [String]
  private var historyIndex: Int
  /// The line being typed before Up was pressed.
  private var draft: [Unicode.Scalar] = []

  init(history: [String]) {
    self.history = history
    historyIndex = history.count
  }

  mutating func apply(_ key: LineEditor.Key) -> Outcome {
    switch key {
    case .character(let scalar):
      text.insert(scalar, at: cursor)
      cursor += 1
    case .control(let byte):
      switch byte {
      case 0x0D, 0x0A: return .accept
      case 0x03: return .end
      case 0x04:
        if text.isEmpty { return .end }
        guard cursor < text.count else { return .ignore }
        text.remove(at: cursor)
      case 0x7F, 0x08:
        guard cursor > 0 else { return .ignore }
        cursor -= 1
        text.remove(at: cursor)
      case 0x01: cursor = 0
      case 0x05: cursor = text.count
      case 0x02: cursor = max(0, cursor - 1)
      case 0x06: cursor = min(text.count, cursor + 1)
      case 0x15:
        text.removeSubrange(0..<cursor)
        cursor = 0
      case 0x0B: text.removeSubrange(cursor..<text.count)
      case 0x17:
        var start = cursor
        while start > 0, text[start - 1] == " " { start -= 1 }
        while start > 0, text[start - 1] != " " { start -= 1 }
        text.removeSubrange(start..<cursor)
        cursor = start
      default: return .ignore
      }
    case .left: cursor = max(0, cursor - 1)
    case .right: cursor = min(text.count, cursor + 1)
    case .home: cursor = 0
    case .end: cursor = text.count
    case .delete:
      guard cursor < text.count else { return .ignore }
      text.remove(at: cursor)
    case .up:
      guard historyIndex > 0 else { return .ignore }
      if historyIndex == history.count { draft = text }
      historyIndex -= 1
      text = Array(history[historyIndex].unicodeScalars)
      cursor = text.count
    case .down:
      guard historyIndex < history.count else { return .ignore }
      historyIndex += 1
      text = historyIndex == history.count ? draft : Array(history[historyIndex].unicodeScalars)
      cursor = text.count
    case .unknown: return .ignore
    }
    return .edit
  }

  /// The bytes that redraw the line: back to its start, the prompt and the
  /// text, the rest of the terminal line cleared, the cursor put back.
  func redraw(prompt: String) -> String {
    var output = "\r" + prompt + String(String.UnicodeScalarView(text)) + "\u{1B}[K"
    let after = text.count - cursor
    if after > 0 { output += "\u{1B}[\(after)D" }
    return output
  }
}
