import FlowBenchKit
import FlowGraphCore
import FlowGraphYAML
import Foundation

// flowbench-load DIR [SCREENS…]
// The launch path of issue 19: for each screen count (default 1000), compiles
// DIR/flows-N.yaml (written by flowbench-gen) to DIR/graph-N.fgc (the launch
// format) and DIR/graph-N.json (the readable JSON), prints the three file
// sizes, and times, in process, best of 10, CompiledGraph.decode of the .fgc
// bytes against GraphJSONDecoder().decode of the JSON text (both already in
// memory), and reading the .fgc from disk plus decoding it.

let arguments = Array(CommandLine.arguments.dropFirst())
guard let directory = arguments.first, !directory.hasPrefix("-") else {
  FileHandle.standardError.write(Data("usage: flowbench-load DIR [SCREENS…]\n".utf8))
  exit(2)
}
let sizes = arguments.dropFirst().compactMap { Int($0) }
let files = BenchFiles(directory: directory)

/// The best of `runs` timings of `body`, in milliseconds.
func best(_ runs: Int = 10, _ body: () throws -> Void) rethrows -> Double {
  var fastest = Double.infinity
  for _ in 0..<runs {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    fastest = min(fastest, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
  }
  return fastest
}

do {
  for screens in sizes.isEmpty ? [1_000] : sizes {
    let yamlPath = try files.ensureFlowFile(screens: screens)
    let loaded = try FlowGraphLoader().validate(path: yamlPath)
    guard let graph = loaded.graph, !loaded.diagnostics.hasErrors else {
      print("flows-\(screens).yaml does not compile clean")
      exit(1)
    }
    let fgcPath = "\(directory)/graph-\(screens).fgc"
    let jsonPath = "\(directory)/graph-\(screens).json"
    let bytes = CompiledGraph.encode(graph, root: directory)
    let json = try GraphJSONEncoder(root: directory).encode(graph)
    try Data(bytes).write(to: URL(fileURLWithPath: fgcPath))
    try Data(json.utf8).write(to: URL(fileURLWithPath: jsonPath))
    let yamlSize = try Data(contentsOf: URL(fileURLWithPath: yamlPath)).count
    guard try CompiledGraph.decode(bytes) == GraphJSONDecoder().decode(json) else {
      print("the two formats do not read back equal")
      exit(1)
    }
    // FLOWBENCH_LOOP=N: decode N times and stop, for a profiler.
    if let loops = ProcessInfo.processInfo.environment["FLOWBENCH_LOOP"].flatMap(Int.init) {
      for _ in 0..<loops { _ = try CompiledGraph.decode(bytes) }
      continue
    }
    let binary = try best { _ = try CompiledGraph.decode(bytes) }
    let fromDisk = try best {
      _ = try CompiledGraph.decode(Array(try Data(contentsOf: URL(fileURLWithPath: fgcPath))))
    }
    let text = try best(3) { _ = try GraphJSONDecoder().decode(json) }
    print("screens \(screens)")
    print("  size: yaml \(yamlSize) B, fgc \(bytes.count) B, json \(json.utf8.count) B")
    print(String(format: "  CompiledGraph.decode (in memory), best of 10: %.3f ms", binary))
    print(String(format: "  read file + CompiledGraph.decode, best of 10: %.3f ms", fromDisk))
    print(String(format: "  GraphJSONDecoder().decode, best of 3: %.3f ms", text))
  }
} catch {
  FileHandle.standardError.write(Data("flowbench-load: \(error)\n".utf8))
  exit(1)
}
