/// The few text edits the CLI used from full Foundation, on Unicode scalars
/// exactly as Foundation does them, so that the executable needs only
/// FoundationEssentials.
extension StringProtocol {
  /// The text without leading and trailing whitespace: what
  /// `trimmingCharacters(in: .whitespaces)` gives (tab and the space
  /// separators), or with `newlines`, `.whitespacesAndNewlines` (also line
  /// feed to carriage return, next line, and the line and paragraph separators).
  func trimmingWhitespace(newlines: Bool = false) -> String {
    func isTrimmed(_ scalar: Unicode.Scalar) -> Bool {
      switch scalar.properties.generalCategory {
      case .spaceSeparator: return true
      case .lineSeparator, .paragraphSeparator: return newlines
      default:
        if scalar == "\t" { return true }
        return newlines && ("\n"..."\r" ~= scalar || scalar == "\u{85}")
      }
    }
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
      let last = scalars.lastIndex(where: { !isTrimmed($0) })
    else { return "" }
    return String(String.UnicodeScalarView(scalars[first...last]))
  }

  /// The text with every `scalar` replaced by `replacement`: what
  /// `replacingOccurrences(of:with:)` gives for a one-scalar target (which
  /// it also finds inside a "\r\n" pair).
  func replacingEvery(_ scalar: Unicode.Scalar, with replacement: String) -> String {
    var result = String.UnicodeScalarView()
    for next in unicodeScalars {
      if next == scalar {
        result.append(contentsOf: replacement.unicodeScalars)
      } else {
        result.append(next)
      }
    }
    return String(result)
  }
}
