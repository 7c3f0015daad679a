import FlowGraphCore

/// One load: the root file and every file it imports, each read and decoded
/// once, then compiled together.
struct LoadSession {
  let parser: YAMLParser
  private var documents: [DocumentSyntax] = []
  private var diagnostics: [Diagnostic] = []
  private var sources: [String: String] = [:]
  private var loaded: Set<String> = []
  /// Whether some file's names are unknown (unreadable, not YAML, not DSL v1).
  private var hasUnknownFile = false
  /// One string per distinct name across the files of this load.
  private let names = NameTable()

  /// Whether the files' text is kept for ``LoadedFlows/sources`` (else each
  /// path maps to an empty text, and a large file's text is given back as
  /// its flows are compiled).
  let keepsText: Bool

  init(parser: YAMLParser, keepsText: Bool = true) {
    self.parser = parser
    self.keepsText = keepsText
  }

  /// Adds the root file and, breadth-first, everything it imports.
  mutating func addRoot(
    path: String, document: YAMLDocument?, diagnostics parsed: [Diagnostic], text: String?
  ) {
    loaded.insert(SourcePath.canonical(path))
    add(path: path, document: document, diagnostics: parsed, text: text)
    var next = 0
    while next < documents.count {
      let importer = documents[next]
      next += 1
      for reference in importer.imports {
        let path = SourcePath.resolve(reference.text, from: importer.file)
        guard loaded.insert(SourcePath.canonical(path)).inserted else { continue }
        do throws(YAMLFileError) {
          if let problem = SourcePath.unimportableFileType(path) {
            throw YAMLFileError.unreadable(path: path, reason: problem)
          }
          let (document, parsed, text) = try parser.parseFile(
            atPath: path, keepingText: keepsText)
          add(path: path, document: document, diagnostics: parsed, text: text)
        } catch {
          hasUnknownFile = true
          let reason =
            switch error {
            case .unreadable(_, let reason): reason
            }
          diagnostics.append(
            Self.importNotFound(reference, of: importer, path: path, reason: reason))
        }
      }
    }
  }

  private mutating func add(
    path: String, document: YAMLDocument?, diagnostics parsed: [Diagnostic], text: String?
  ) {
    if let text {
      sources[path] = text
    } else if !keepsText {
      sources[path] = ""
    }
    diagnostics += parsed
    guard let document else {
      hasUnknownFile = true
      if documents.isEmpty {
        documents.append(
          DocumentSyntax(
            file: path, isDecoded: false,
            firstKey: SyntaxRange(file: 0, start: 0, end: 0)))
      }
      return
    }
    var decoder = SyntaxDecoder(
      file: UInt32(documents.count), path: path, lines: document.lines, names: names)
    let syntax = decoder.decode(document)
    diagnostics += decoder.diagnostics
    if !syntax.isDecoded { hasUnknownFile = true }
    documents.append(syntax)
  }

  /// Compiles what was loaded.
  mutating func finish() -> LoadedFlows {
    guard let root = documents.first, root.isDecoded else {
      return LoadedFlows(
        graph: nil, diagnostics: diagnostics.sorted(by: Diagnostic.sourceOrder), sources: sources)
    }
    let namesMayBeMissing = hasUnknownFile || documents.contains { $0.mayMissDeclarations }
    // The compiler holds the only copy of the syntax, so that it can free
    // each flow's screens as soon as they are compiled.
    let syntax = documents
    documents = []
    var compiler = GraphCompiler(
      documents: syntax, namesMayBeMissing: namesMayBeMissing, names: names)
    let graph = compiler.compile()
    let all = (diagnostics + compiler.diagnostics).removingSuppressed(by: graph.suppressions)
    var loaded = LoadedFlows(
      graph: hasUnknownFile ? nil : graph, diagnostics: all.sorted(by: Diagnostic.sourceOrder),
      sources: sources)
    loaded.flowsMeantByDanglingStarts = compiler.flowsMeantByDanglingStarts
    loaded.unhandledResults = compiler.unhandledResults
    return loaded
  }
}
