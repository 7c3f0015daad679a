import Benchmark
import FlowBenchConfig
import FlowGraphCore
import FlowGraphYAML

/// Issue 19's launch path: `CompiledGraph.decode` (the read, every check and
/// the `FlowGraph`) of the launch-format bytes of a generated file, already
/// in memory, as an app does at launch. The goal: under 1 ms at 1,000 screens.
func registerCompiledLoad(screens: Int) {
  let size = SuiteSize(screens: screens, iterations: 101)
  Benchmark(
    "Compiled load \(size.label)",
    configuration: SuiteConfiguration.make(iterations: size.iterations, seconds: 60),
    closure: { benchmark, bytes in
      for _ in benchmark.scaledIterations {
        do {
          blackHole(try CompiledGraph.decode(bytes))
        } catch {
          fatalError("the compiled graph does not decode: \(error)")
        }
      }
    },
    setup: { () throws -> [UInt8] in
      let path = size.flowFile
      let loaded = try FlowGraphLoader(limits: YAMLLimits(maxFileSize: 1 << 30)).load(path: path)
      guard let graph = loaded.graph, loaded.diagnostics.isEmpty else {
        fatalError("\(path) does not compile clean")
      }
      return CompiledGraph.encode(graph)
    })
}
