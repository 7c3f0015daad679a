import Benchmark
import CLibYAMLScan
import FlowBenchKit

/// Benchmark 2, limit: read the same file and run libyaml's event parser over
/// it through the C API, building nothing: what any libyaml-based loader must
/// at least do.
func registerLimit(_ size: SuiteSize) {
  let path = size.flowFile
  Benchmark("Limit \(size.label)", configuration: size.configuration) { benchmark in
    for _ in benchmark.scaledIterations {
      let bytes = FileBytes.contents(of: path)
      let events = bytes.withUnsafeBufferPointer { buffer in
        flowbench_libyaml_scan(buffer.baseAddress, buffer.count)
      }
      guard events > 0 else { fatalError("libyaml cannot scan \(path)") }
      blackHole(events)
    }
  }
}
