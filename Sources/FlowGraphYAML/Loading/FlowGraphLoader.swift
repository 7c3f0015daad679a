import FlowGraphCore

/// What loading a flow file (and its imports) produced.
public struct LoadedFlows: Sendable {
  /// The compiled graph; `nil` when no graph could be built at all (for example
  /// the entry file is not well-formed YAML). A graph may exist alongside
  /// errors: transitions that did not compile are ``Transition/Kind/invalid``.
  public var graph: FlowGraph?
  /// Every finding of parsing and compiling (suppressions applied), in source order.
  public var diagnostics: [Diagnostic]
  /// The text of every file read, by path as reported in diagnostics.
  public var sources: [String: String]
  /// The flows that a `start` or a tab naming no flow was probably meant to
  /// name: ``FlowGraphLoader/validated(_:)`` tells the validator.
  package var flowsMeantByDanglingStarts: [FlowID] = []
  /// The `unhandled-result` findings, by what they left unhandled:
  /// ``FlowGraphLoader/validated(_:)`` notes on each the results among them
  /// that `unused-result` reports.
  package var unhandledResults: [UnhandledResults] = []

  /// Creates a result.
  public init(graph: FlowGraph?, diagnostics: [Diagnostic], sources: [String: String]) {
    self.graph = graph
    self.diagnostics = diagnostics
    self.sources = sources
  }
}

/// Loads flow files: reads them, parses the YAML, follows `imports`, and
/// compiles DSL v1 into a ``FlowGraph``, reporting every structural and type
/// finding (SPEC §3).
///
/// Imports are resolved relative to the importing file; each file is loaded
/// once (by its canonical path), so import cycles are fine. The graph holds
/// the flows of every file in load order: the root file first, then the
/// imported files breadth-first in the order they are listed. Only the root
/// file's `entry` counts. When a file cannot be read, parsed or decoded, its
/// names are unknown: references that could be to it are not reported, and
/// no graph is returned (``LoadedFlows/graph`` is `nil`).
public struct FlowGraphLoader: Sendable {
  /// The YAML safety limits.
  public var limits: YAMLLimits

  /// Creates a loader.
  public init(limits: YAMLLimits = .default) {
    self.limits = limits
  }

  /// Loads the file at `path` and its imports.
  ///
  /// - Throws: ``FileError/unreadable(path:reason:)`` when the file at `path`
  ///   itself cannot be read (a missing import is an `import-not-found` finding).
  public func load(path: String) throws(FileError) -> LoadedFlows {
    try load(path: path, keepingText: true)
  }

  /// Loads the file at `path` and its imports, like ``load(path:)``; with
  /// `keepingText` `false` the result's ``LoadedFlows/sources`` map each
  /// file read to an empty text, and a large file's text is given back flow
  /// by flow as the compiler finishes with it (`flowgraph validate` reads
  /// the files again when it has a finding to show an excerpt for).
  package func load(path: String, keepingText: Bool) throws(FileError) -> LoadedFlows {
    let parsed: (document: YAMLDocument?, diagnostics: [Diagnostic], text: String?)
    do {
      parsed = try YAMLParser(limits: limits).parseFile(atPath: path, keepingText: keepingText)
    } catch {
      switch error {
      case .unreadable(let path, let reason): throw .unreadable(path: path, reason: reason)
      }
    }
    var session = LoadSession(parser: YAMLParser(limits: limits), keepsText: keepingText)
    session.addRoot(
      path: path, document: parsed.document, diagnostics: parsed.diagnostics, text: parsed.text)
    return session.finish()
  }

  /// Loads flows from text (imports are resolved relative to `file`'s folder).
  public func load(text: String, file: String) -> LoadedFlows {
    load(bytes: Array(text.utf8), file: file)
  }

  /// Loads flows from the bytes of a file read elsewhere (standard input, a
  /// pipe): bytes that are not UTF-8 are the finding they are in a file on
  /// disk, not replaced as a `String` would replace them.
  package func load(bytes: [UInt8], file: String) -> LoadedFlows {
    let parser = YAMLParser(limits: limits)
    let (document, diagnostics) = parser.parse(bytes, file: file)
    var session = LoadSession(parser: parser)
    session.addRoot(
      path: file, document: document, diagnostics: diagnostics,
      text: String(decoding: bytes, as: UTF8.self))
    return session.finish()
  }

  /// Loads `path`, then runs the ``Validator`` on the graph: every finding of
  /// SPEC §3, suppressions applied, in source order.
  ///
  /// - Throws: ``FileError/unreadable(path:reason:)`` when the file at `path`
  ///   cannot be read.
  public func validate(path: String) throws(FileError) -> LoadedFlows {
    validated(try load(path: path))
  }

  /// Loads flows from text (imports are resolved relative to `file`'s
  /// folder), then runs the ``Validator`` on the graph, like
  /// ``validate(path:)``.
  public func validate(text: String, file: String = "flows.yaml") -> LoadedFlows {
    validated(load(text: text, file: file))
  }

  /// Runs the ``Validator`` on what `load` gave (its graph, if any) and adds
  /// its findings, in source order.
  package func validated(_ loaded: LoadedFlows) -> LoadedFlows {
    var loaded = loaded
    if let graph = loaded.graph {
      var validator = Validator()
      validator.flowsMeantByDanglingStarts = loaded.flowsMeantByDanglingStarts
      let findings = validator.validate(graph)
      loaded.diagnostics =
        (loaded.diagnostics.notingUnproducedResults(
          loaded.unhandledResults, unused: findings, in: graph) + findings).sorted(
          by: Diagnostic.sourceOrder)
    }
    return loaded
  }
}
