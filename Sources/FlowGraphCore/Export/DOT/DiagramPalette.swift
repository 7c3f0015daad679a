/// The colours of the drawings (GitHub's Primer palette, readable on white).
enum DiagramPalette {
  static let ink = "#24292f"
  static let muted = "#57606a"
  static let faint = "#8c959f"
  static let present = "#0969da"
  static let replace = "#8250df"
  static let finish = "#1a7f37"
  static let start = "#bc4c00"
  static let error = "#cf222e"
  static let warning = "#9a6700"
  static let resultFill = "#dafbe1"
  static let decisionFill = "#fff8c5"
  static let errorFill = "#ffebe9"

  /// The colour of a finding of `severity`.
  static func color(for severity: Severity) -> String {
    severity == .error ? error : warning
  }

  /// The colour of an edge of `style`.
  static func color(for style: GraphDrawing.EdgeStyle) -> String {
    switch style {
    case .entry, .push, .run: ink
    case .present: present
    case .replace, .root: replace
    case .popTo, .popToRoot, .back, .stay: muted
    case .finish: finish
    case .start, .tab: start
    case .invalid: error
    }
  }
}
