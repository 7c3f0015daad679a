import FlowGraphCore

extension LoadSession {
  /// The `import-not-found` finding for `reference`, an import of
  /// `importer` that resolves to `path`, which could not be read for
  /// `reason`; with "did you mean" when a flow file beside it has a close
  /// name (and the fix, when that name can be written as a plain scalar).
  static func importNotFound(
    _ reference: SyntaxName, of importer: DocumentSyntax, path: String, reason: String
  ) -> Diagnostic {
    let range = SyntaxFile(path: importer.file, lines: importer.lines).sourceRange(reference.range)
    let message = "cannot import '\(reference.text)': \(path): \(reason)"
    let excluded = Set(
      [SourcePath.canonical(importer.file)]
        + importer.imports.map {
          SourcePath.canonical(SourcePath.resolve($0.text, from: importer.file))
        })
    guard
      let suggestion = SourcePath.nearMiss(of: reference.text, at: path, excluding: excluded)
    else {
      return Diagnostic(.importNotFound, message, at: range)
    }
    let isPlain = suggestion.unicodeScalars.allSatisfy { scalar in
      switch scalar {
      case "a"..."z", "A"..."Z", "0"..."9", ".", "_", "-", "/": true
      default: false
      }
    }
    return Diagnostic(
      .importNotFound, "\(message); did you mean '\(suggestion)'?", at: range,
      notes: [Diagnostic.Note("did you mean '\(suggestion)'?")],
      fixes: isPlain ? [Diagnostic.Fix(replacing: range, with: suggestion)] : [])
  }
}
