/// ANSI styling for the interactive run, only on a colour terminal.
struct InteractiveStyle: Sendable {
  let color: Bool

  func bold(_ text: String) -> String { paint(text, "1") }
  func dim(_ text: String) -> String { paint(text, "2") }
  func accent(_ text: String) -> String { paint(text, "1;36") }
  func warning(_ text: String) -> String { paint(text, "1;33") }
  func success(_ text: String) -> String { paint(text, "1;32") }

  private func paint(_ text: String, _ code: String) -> String {
    color && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}

/// Reads one line of the user's input; `nil` at the end of input.
enum InteractiveInput {
  static func line(prompt: String) -> String? {
    LineEditor.shared.line(prompt: prompt)
  }
}

/// The user ended the session (`quit`, or the end of input).
struct InteractiveQuit: Error {}
