import FlowGraphCore
import FlowGraphYAML
import FuzzSupport

/// One fuzz input through the whole pipeline: bytes → YAML → compile →
/// validate → compiled JSON and drawings, with invariant checks that trap.
///
/// The checks: every finding has a known rule id, a message and a position
/// inside the file it names (line, column and byte offset agreeing); findings
/// come in source order; a file that gives no graph says why with an error;
/// loading the same bytes twice gives the same findings and graph; a graph
/// without errors survives the JSON round trip unchanged; and the same bytes
/// read as compiled JSON or as the launch format give a graph or an error.
enum PipelineHarness {
  /// Runs one input; returns what happened, for the replayer.
  @discardableResult
  static func run(_ bytes: [UInt8]) -> String {
    let file = ImportSandbox.rootFile
    checkYAML(bytes, file: file, limits: .default)
    checkYAML(bytes, file: file, limits: tightLimits(for: bytes))
    let loaded = checkLoader(String(decoding: bytes, as: UTF8.self), file: file)
    let json = GraphJSONHarness.run(bytes)
    let launch = CompiledGraphHarness.run(bytes)
    return "\(loaded); \(json); \(launch)"
  }

  /// Small limits that vary with the input, so that every limit is hit at
  /// every kind of place without large inputs.
  static func tightLimits(for bytes: [UInt8]) -> YAMLLimits {
    let seed = bytes.count &+ Int(bytes.last ?? 0) &* 31
    return YAMLLimits(
      maxFileSize: seed % 7 == 0 ? max(bytes.count - 1, 0) : bytes.count,
      maxScalarLength: 1 + seed % 97,
      maxDepth: 1 + seed % 9,
      maxAliasNodes: seed % 257)
  }

  /// The YAML layer alone, on the raw bytes (which may not be UTF-8).
  static func checkYAML(_ bytes: [UInt8], file: String, limits: YAMLLimits) {
    let (document, diagnostics) = YAMLParser(limits: limits).parse(bytes, file: file)
    var checks = DiagnosticChecks()
    checks.add(file: file, bytes: bytes)
    checks.check(diagnostics, stage: "yaml")
    let yamlRules: Set<RuleID> = [.yamlSyntax, .yamlLimit, .duplicateKey]
    for diagnostic in diagnostics {
      FuzzCheck.require(
        yamlRules.contains(diagnostic.rule),
        "yaml: the YAML layer reported [\(diagnostic.rule)] \(diagnostic.message)")
    }
    if document == nil {
      FuzzCheck.require(
        diagnostics.hasErrors, "yaml: no document and no error saying why")
    } else {
      FuzzCheck.require(
        !diagnostics.contains { $0.rule != .duplicateKey },
        "yaml: a document alongside a fatal finding: \(diagnostics.map(\.message))")
    }
    if let document { YAMLTreeChecks.check(document, lines: SourceLines(bytes)) }
  }

  /// The loader and validator, on the bytes as text, twice.
  static func checkLoader(_ text: String, file: String) -> String {
    let utf8 = Array(text.utf8)
    let (document, _) = YAMLParser().parse(utf8, file: file)
    if let document, !ImportSandbox.importsStayInside(document) {
      return "not loaded: imports outside the sandbox"
    }

    let loader = FlowGraphLoader()
    let loaded = loader.load(text: text, file: file)
    var checks = DiagnosticChecks()
    for (path, source) in loaded.sources {
      checks.add(file: path, bytes: path == file ? utf8 : Array(source.utf8))
    }
    if loaded.sources[file] == nil { checks.add(file: file, bytes: utf8) }
    checks.check(loaded.diagnostics, stage: "load")

    var all = loaded.diagnostics
    var validated: [Diagnostic] = []
    if let graph = loaded.graph {
      validated = Validator().validate(graph)
      checks.check(validated.sorted(by: Diagnostic.sourceOrder), stage: "validate")
      all = (all + validated).sorted(by: Diagnostic.sourceOrder)
      GraphChecks.check(graph, diagnostics: all)
    } else {
      FuzzCheck.require(
        loaded.diagnostics.hasErrors, "load: no graph and no error saying why")
    }

    let again = loader.load(text: text, file: file)
    FuzzCheck.require(
      again.diagnostics == loaded.diagnostics,
      "load: the same text gave different findings: \(loaded.diagnostics) then \(again.diagnostics)"
    )
    FuzzCheck.require(again.graph == loaded.graph, "load: the same text gave a different graph")
    if let graph = again.graph {
      FuzzCheck.require(
        Validator().validate(graph) == validated,
        "validate: the same graph gave different findings")
    }
    let rules = Set(all.map(\.rule.rawValue)).sorted().joined(separator: ", ")
    return "\(loaded.graph == nil ? "no graph" : "a graph"), \(all.count) findings [\(rules)]"
  }
}
