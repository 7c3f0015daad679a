import FuzzSupport

/// The libFuzzer entry point: one input through the whole pipeline.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPipelineOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  PipelineHarness.run(bytes)
  return 0
}

#if !FUZZING
  /// Without libFuzzer (a plain `swift build`): replays the files named on the
  /// command line through the same checks, for reproducing a finding under a
  /// debugger. `Scripts/fuzz.sh` builds the real fuzzer (`-DFUZZING`).
  @main
  struct FuzzPipelineReplay {
    static func main() {
      FuzzReplay.run(name: "FuzzPipeline") { PipelineHarness.run($0) }
    }
  }
#endif
