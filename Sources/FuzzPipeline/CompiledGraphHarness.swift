import FlowGraphCore
import FuzzSupport

/// The launch-format reader (``CompiledGraph``) on arbitrary bytes: it gives
/// a graph or an error with a message; a graph it gives is well-formed,
/// validates without crashing and survives the round trip.
///
/// A mutated file almost never keeps a right checksum, so the bytes after
/// the header are also read behind a header made right for them: the
/// fuzzer then explores the records, not only the header.
enum CompiledGraphHarness {
  /// Runs one input; returns what happened, for the replayer.
  @discardableResult
  static func run(_ bytes: [UInt8]) -> String {
    let raw = check(bytes)
    guard CompiledGraph.hasMagic(bytes), bytes.count >= CompiledGraphLayout.headerSize else {
      return raw
    }
    let body = Array(bytes[CompiledGraphLayout.headerSize...])
    return check(CompiledGraphLayout.file(body: body))
  }

  private static func check(_ bytes: [UInt8]) -> String {
    let graph: FlowGraph
    do {
      graph = try CompiledGraph.decode(bytes)
    } catch {
      FuzzCheck.require(!error.message.isEmpty, "fgc decode: an error without a message")
      if let offset = error.offset {
        FuzzCheck.require(
          offset >= 0 && offset <= bytes.count, "fgc decode: error offset \(offset) outside")
      }
      return "not a launch file: \(error.message.prefix(60))"
    }
    GraphWalker(graph: graph, requireCompiled: false).checkAll()
    let diagnostics = Validator().validate(graph)
    GraphChecks.check(graph, diagnostics: diagnostics, fromCompiler: false)
    let again = CompiledGraph.encode(graph)
    do {
      // Bytes, not `==`: a NaN literal is never equal to itself.
      let decoded = try CompiledGraph.decode(again)
      FuzzCheck.require(
        CompiledGraph.encode(decoded) == again, "fgc: the re-encoded bytes are not stable")
    } catch {
      FuzzCheck.require(false, "fgc: a decoded graph does not read back: \(error)")
    }
    return "a launch file"
  }
}
