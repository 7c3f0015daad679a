import FlowBenchKit
import Foundation
import Yams

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// flowbench-yams FILE: the peer's phase of the suite (read the file as a
// `String`, `Yams.compose` it, as the YamsBenchmarks benchmark does) once, in
// a process of its own, so that Scripts/benchmarks.sh can alternate it with
// `flowbench-probe load` and `limit` on the same file. Prints one line, as
// flowbench-probe does:
//   yams FILE seconds=S maxrss_kib=K
// A separate executable from flowbench-probe: Yams carries its own copy of
// libyaml, whose symbols must not replace the system library's.

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
  FileHandle.standardError.write(Data("usage: flowbench-yams FILE\n".utf8))
  exit(2)
}
let path = arguments[1]

func now() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

let start = now()
let text = String(decoding: FileBytes.contents(of: path), as: UTF8.self)
let node: Node?
do {
  node = try Yams.compose(yaml: text)
} catch {
  FileHandle.standardError.write(Data("flowbench-yams: cannot compose \(path): \(error)\n".utf8))
  exit(2)
}
let seconds = now() - start
guard node != nil else {
  FileHandle.standardError.write(Data("flowbench-yams: no document in \(path)\n".utf8))
  exit(2)
}
var usage = rusage()
getrusage(RUSAGE_SELF.rawValue, &usage)
print("yams \(path) seconds=\(seconds) maxrss_kib=\(usage.ru_maxrss)")
