import Benchmark
import FlowGraphCore
import FlowGraphYAML

/// Benchmark 4, validation: the ``Validator`` alone (usage rules and the
/// exact graph analysis) on the compiled graph of a generated file.
func registerValidation(_ size: SuiteSize) {
  Benchmark(
    "Validation \(size.label)", configuration: size.validationConfiguration,
    closure: { benchmark, graph in
      for _ in benchmark.scaledIterations {
        let findings = Validator().validate(graph)
        guard findings.isEmpty else {
          fatalError("findings on a clean graph: \(findings.prefix(3))")
        }
        blackHole(findings)
      }
    },
    setup: { try cleanGraph(size) })
}

/// The compiled graph of a size's generated file, which compiles clean.
func cleanGraph(_ size: SuiteSize) throws -> FlowGraph {
  let path = size.flowFile
  let loaded = try FlowGraphLoader(limits: YAMLLimits(maxFileSize: 1 << 30)).load(path: path)
  guard let graph = loaded.graph, loaded.diagnostics.isEmpty else {
    fatalError("\(path) does not compile clean")
  }
  return graph
}
