import CLibYAMLScan
import FlowBenchKit
import FlowGraphCore
import FlowGraphYAML
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// flowbench-probe PHASE FILE: runs one phase of the suite once, in a process
// of its own, for profilers (`valgrind --tool=callgrind`) and for the peak
// resident memory of the whole process. Prints one line:
//   PHASE FILE seconds=S maxrss_kib=K
// Phases: load (read + parse + compile + validate), limit (read + libyaml
// event scan), parse (read + YAMLParser), compile (load without the
// validator), validate (load, then time the Validator alone).

/// Prints the message on standard error and exits with status 2.
func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("flowbench-probe: \(message)\n".utf8))
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
  fail("usage: flowbench-probe load|limit|parse|compile|validate FILE")
}
let phase = arguments[1]
let path = arguments[2]
let loader = FlowGraphLoader(limits: YAMLLimits(maxFileSize: 1 << 30))

func now() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func requireClean(_ loaded: LoadedFlows) -> FlowGraph {
  guard let graph = loaded.graph, loaded.diagnostics.isEmpty else {
    fail("\(path) does not load clean: \(loaded.diagnostics.prefix(3))")
  }
  return graph
}

var start = now()
switch phase {
case "load":
  _ = requireClean(try loader.validate(path: path))
case "compile":
  _ = requireClean(try loader.load(path: path))
case "limit":
  let bytes = FileBytes.contents(of: path)
  let events = bytes.withUnsafeBufferPointer { flowbench_libyaml_scan($0.baseAddress, $0.count) }
  guard events > 0 else { exit(1) }
case "parse":
  let parsed = try YAMLParser(limits: loader.limits).parseFile(atPath: path)
  guard parsed.document != nil else { exit(1) }
case "validate":
  let graph = requireClean(try loader.load(path: path))
  start = now()
  let findings = Validator().validate(graph)
  guard findings.isEmpty else { exit(1) }
default:
  fail("unknown phase \(phase)")
}
let seconds = now() - start
var usage = rusage()
getrusage(RUSAGE_SELF.rawValue, &usage)
print("\(phase) \(path) seconds=\(seconds) maxrss_kib=\(usage.ru_maxrss)")
