import Benchmark
import FlowGraphYAML

/// Benchmark 1, load: read, parse, compile and validate a generated file end
/// to end, as `flowgraph validate` does (the file must come out clean).
func registerLoad(_ size: SuiteSize) {
  let path = size.flowFile
  let loader = FlowGraphLoader(limits: YAMLLimits(maxFileSize: 1 << 30))
  Benchmark("Load \(size.label)", configuration: size.configuration) { benchmark in
    for _ in benchmark.scaledIterations {
      let loaded: LoadedFlows
      do {
        loaded = try loader.validate(path: path)
      } catch {
        fatalError("cannot read \(path): \(error)")
      }
      guard loaded.graph != nil, loaded.diagnostics.isEmpty else {
        fatalError("\(path) does not load clean: \(loaded.diagnostics.prefix(3))")
      }
      blackHole(loaded)
    }
  }
}
