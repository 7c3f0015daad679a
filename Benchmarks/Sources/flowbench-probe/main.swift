import CLibYAMLScan
import Dispatch
import FlowBenchFixtures
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
// validator), validate (load, then time the Validator alone),
// runtime-mixed and runtime-pushPop, with -ids for actions sent by id (load,
// start a runner, then time the replay of a 100,000-event walk; FILE must be
// a generated flows-N.yaml); fgc (FILE is a compiled `.fgc`, e.g. from
// `flowgraph compile`: read it, then time `CompiledGraph.decode` alone; under
// callgrind, `--toggle-collect='*compiledLoad*'` counts the decode only),
// fgc-after (the same, after a decode of the compiled file FGC_WARM names,
// default FILE itself: the Swift runtime's one-time work for the decode's
// types is then done, as in an app that has run some Swift before it loads
// its graph) and repeat-fgc (the same decode 50 times in one process: first,
// median, best). repeat-validate times 15 validations of one graph (a
// `.fgc` FILE is decoded, anything else loaded from YAML).

/// Prints the message on standard error and exits with status 2.
@Sendable func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("flowbench-probe: \(message)\n".utf8))
  exit(2)
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
  fail(
    "usage: flowbench-probe load|limit|parse|compile|validate|fgc|runtime-mixed|runtime-pushPop FILE"
  )
}
let phase = arguments[1]
let path = arguments[2]
let loader = FlowGraphLoader(limits: YAMLLimits(maxFileSize: 1 << 30))

@Sendable func now() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

@Sendable func requireClean(_ loaded: LoadedFlows) -> FlowGraph {
  guard let graph = loaded.graph, loaded.diagnostics.isEmpty else {
    fail("\(path) does not load clean: \(loaded.diagnostics.prefix(3))")
  }
  return graph
}

/// The part callgrind measures in the `fgc` phase
/// (`--collect-atstart=no --toggle-collect='*compiledLoad*'`).
@inline(never)
func compiledLoad(_ bytes: [UInt8]) throws -> FlowGraph {
  try CompiledGraph.decode(bytes)
}

/// The part callgrind measures in the runtime phases
/// (`--collect-atstart=no --toggle-collect='*runtimeReplay*'`).
@inline(never)
func runtimeReplay(_ fixture: RuntimeFixture) {
  fixture.replay()
}

var start = now()
switch phase {
case "load":
  _ = requireClean(try loader.validate(path: path))
case "compile":
  _ = requireClean(try loader.load(path: path))
case "fgc":
  let bytes = FileBytes.contents(of: path)
  start = now()
  _ = try compiledLoad(bytes)
case "fgc-after":
  // The decode of FILE after a decode of another compiled file (FGC_WARM):
  // the Swift runtime's one-time work (type metadata, conformance lookups)
  // is then done; what is left is the decode in a process still cold
  // (fresh pages, caches).
  let warm = FileBytes.contents(of: ProcessInfo.processInfo.environment["FGC_WARM"] ?? path)
  _ = try compiledLoad(warm)
  let bytes = FileBytes.contents(of: path)
  start = now()
  _ = try compiledLoad(bytes)
case "repeat-fgc":
  let bytes = FileBytes.contents(of: path)
  var times: [Double] = []
  for _ in 0..<50 {
    let begin = now()
    _ = try compiledLoad(bytes)
    times.append(now() - begin)
  }
  let sorted = times.sorted()
  print("\(phase) \(path) first=\(times[0]) median=\(sorted[sorted.count / 2]) best=\(sorted[0])")
  exit(0)
case "limit":
  let bytes = FileBytes.contents(of: path)
  let events = bytes.withUnsafeBufferPointer { flowbench_libyaml_scan($0.baseAddress, $0.count) }
  guard events > 0 else { exit(1) }
case "parse":
  let parsed = try YAMLParser(limits: loader.limits).parseFile(atPath: path)
  guard parsed.document != nil else { exit(1) }
case "runtime-mixed", "runtime-pushPop", "runtime-mixed-ids", "runtime-pushPop-ids":
  // FILE is a generated flow file (flows-N.yaml); replays a 100,000-event walk.
  let screens = Int(path.split(separator: "-").last?.split(separator: ".").first ?? "") ?? 0
  let scope: EventWalk.Scope = phase.hasPrefix("runtime-mixed") ? .mixed : .pushPop
  let naming: RuntimeFixture.Naming = phase.hasSuffix("-ids") ? .ids : .names
  // Not top-level `await`: valgrind crashes on the main thread's
  // `dispatch_main` wait; the main thread blocks on a semaphore instead.
  let done = DispatchSemaphore(value: 0)
  Task.detached {
    do {
      let fixture = try await RuntimeFixture.make(
        screens: screens, scope: scope, count: 100_000, naming: naming)
      let begin = now()
      runtimeReplay(fixture)
      report(seconds: now() - begin)
    } catch {
      fail("\(error)")
    }
    done.signal()
  }
  done.wait()
  exit(0)
case "layout":
  // FILE is ignored: the in-memory sizes of the model types a graph is made of.
  for (name, size, stride) in [
    ("SourcePosition", MemoryLayout<SourcePosition>.size, MemoryLayout<SourcePosition>.stride),
    ("SourceRange", MemoryLayout<SourceRange>.size, MemoryLayout<SourceRange>.stride),
    ("SourceSpan?", MemoryLayout<SourceSpan?>.size, MemoryLayout<SourceSpan?>.stride),
    ("Transition", MemoryLayout<Transition>.size, MemoryLayout<Transition>.stride),
    ("Action", MemoryLayout<Action>.size, MemoryLayout<Action>.stride),
    ("Screen", MemoryLayout<Screen>.size, MemoryLayout<Screen>.stride),
    ("Argument", MemoryLayout<Argument>.size, MemoryLayout<Argument>.stride),
    ("Parameter", MemoryLayout<Parameter>.size, MemoryLayout<Parameter>.stride),
    ("Diagnostic", MemoryLayout<Diagnostic>.size, MemoryLayout<Diagnostic>.stride),
  ] {
    print("layout \(name) size=\(size) stride=\(stride)")
  }
  exit(0)
case "repeat-load", "repeat-limit", "repeat-load-thread", "repeat-limit-thread":
  // FILE loaded (or scanned) 15 times in one process: how a phase behaves
  // when repeated in a long-lived process, as package-benchmark runs it,
  // against a fresh process each time. The `-thread` variants run the loop
  // on a second thread (whose mallocs go to one of glibc's thread arenas).
  let loads = phase.hasPrefix("repeat-load")
  let repeated: @Sendable () -> Void = {
    var times: [Double] = []
    for _ in 0..<15 {
      let begin = now()
      if loads {
        guard let loaded = try? loader.validate(path: path) else { fail("cannot read \(path)") }
        _ = requireClean(loaded)
      } else {
        let bytes = FileBytes.contents(of: path)
        let events = bytes.withUnsafeBufferPointer {
          flowbench_libyaml_scan($0.baseAddress, $0.count)
        }
        guard events > 0 else { exit(1) }
      }
      times.append(now() - begin)
    }
    let sorted = times.sorted()
    print(
      "\(phase) \(path) first=\(times[0]) median=\(sorted[sorted.count / 2]) best=\(sorted[0])"
    )
  }
  if phase.hasSuffix("-thread") {
    let done = DispatchSemaphore(value: 0)
    Thread {
      repeated()
      done.signal()
    }.start()
    done.wait()
  } else {
    repeated()
  }
  exit(0)
case "validate":
  let graph = requireClean(try loader.load(path: path))
  start = now()
  let findings = Validator().validate(graph)
  guard findings.isEmpty else { exit(1) }
case "repeat-validate":
  // The validation alone, 15 times on one compiled graph, as the suite's
  // validation benchmark runs it. A `.fgc` FILE is decoded instead of
  // compiled, so that a profile of the process is mostly the validation.
  let graph =
    path.hasSuffix(".fgc")
    ? try CompiledGraph.decode(FileBytes.contents(of: path))
    : requireClean(try loader.load(path: path))
  var times: [Double] = []
  for _ in 0..<15 {
    let begin = now()
    guard Validator().validate(graph).isEmpty else { exit(1) }
    times.append(now() - begin)
  }
  let sorted = times.sorted()
  print("\(phase) \(path) first=\(times[0]) median=\(sorted[sorted.count / 2]) best=\(sorted[0])")
  exit(0)
default:
  fail("unknown phase \(phase)")
}
report(seconds: now() - start)

/// Prints the result line.
func report(seconds: Double) {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  print("\(phase) \(path) seconds=\(seconds) maxrss_kib=\(usage.ru_maxrss)")
}
