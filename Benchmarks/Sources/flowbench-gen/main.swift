import FlowBenchKit
import Foundation

// flowbench-gen DIR [SCREENS…] [--events N]
// Writes, for each screen count (default 1000 10000 100000), the flow file,
// the event walks (push/pop and mixed, N events each, default 1000000) and
// the `transitions` model into DIR, skipping files that already exist.

var arguments = Array(CommandLine.arguments.dropFirst())
var eventCount = 1_000_000
if let flag = arguments.firstIndex(of: "--events"), flag + 1 < arguments.count,
  let count = Int(arguments[flag + 1])
{
  eventCount = count
  arguments.removeSubrange(flag...(flag + 1))
}
guard let directory = arguments.first, !directory.hasPrefix("-") else {
  FileHandle.standardError.write(Data("usage: flowbench-gen DIR [SCREENS…] [--events N]\n".utf8))
  exit(2)
}
let sizes = arguments.dropFirst().compactMap { Int($0) }
let files = BenchFiles(directory: directory)
do {
  for screens in sizes.isEmpty ? [1_000, 10_000, 100_000] : sizes {
    print(try files.ensureFlowFile(screens: screens))
    for scope in EventWalk.Scope.allCases {
      print(try files.ensureEventFile(screens: screens, scope: scope, count: eventCount))
    }
    print(try files.ensureModelFile(screens: screens))
  }
} catch {
  FileHandle.standardError.write(Data("flowbench-gen: \(error)\n".utf8))
  exit(1)
}
