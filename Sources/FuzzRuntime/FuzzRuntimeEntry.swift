import FuzzSupport

/// The libFuzzer entry point: one flow file and one event sequence.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRuntimeOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  RuntimeHarness.run(bytes)
  return 0
}

#if !FUZZING
  /// Without libFuzzer (a plain `swift build`): replays the files named on the
  /// command line through the same checks. `Scripts/fuzz.sh` builds the real
  /// fuzzer (`-DFUZZING`).
  @main
  struct FuzzRuntimeReplay {
    static func main() {
      FuzzReplay.run(name: "FuzzRuntime") { RuntimeHarness.run($0) }
    }
  }
#endif
