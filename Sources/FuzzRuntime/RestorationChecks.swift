import FlowGraphCore
import FuzzSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// State restoration under fuzzing: every committed state saves and restores
/// to itself (and saves to the same bytes again), the runtime's own
/// consistency check accepts it, and a saved state damaged by the fuzz bytes
/// (truncated, a byte changed, a number changed) is refused with a
/// ``RestorationError`` or restores to a state that keeps every invariant.
enum RestorationChecks {
  static func check(
    _ state: FlowState, graph: FlowGraph, _ source: inout ByteSource,
    _ context: @autoclosure () -> String
  ) {
    if let problem = state.inconsistency(in: graph) {
      FuzzCheck.fail("\(context()): the runtime's own consistency check refuses it: \(problem)")
    }
    let data: Data
    do {
      data = try state.encoded(for: graph)
    } catch {
      FuzzCheck.fail("\(context()): the state cannot be saved: \(error)")
    }
    do {
      let restored = try FlowState.decoded(from: data, for: graph)
      FuzzCheck.require(restored == state, "\(context()): the restored state differs")
      FuzzCheck.require(
        (try? restored.encoded(for: graph)) == data, "\(context()): saving again gives other bytes")
    } catch {
      FuzzCheck.fail("\(context()): a saved state does not restore: \(error)")
    }
    guard source.chance(25) else { return }
    let damaged = damage(data, &source)
    do {
      let restored = try FlowState.decoded(from: damaged, for: graph, policy: .compatible)
      // A damaged key can make the save read as a run that has not started
      // (no flow, no result), which is a state that saves and restores too.
      if restored.flows.isEmpty && restored.layers.isEmpty && restored.finish == nil { return }
      StateInvariants.check(
        restored, graph: graph,
        "\(context()): restored from a damaged save \(String(decoding: damaged, as: UTF8.self))")
    } catch {
      FuzzCheck.require(
        !error.description.isEmpty, "\(context()): a restoration error without a message")
    }
  }

  /// The saved bytes, truncated, with one byte changed, or with one digit changed.
  static func damage(_ data: Data, _ source: inout ByteSource) -> Data {
    var bytes = [UInt8](data)
    guard !bytes.isEmpty else { return data }
    let at = (Int(source.byte()) << 8 | Int(source.byte())) % bytes.count
    switch source.pick(3) {
    case 0:
      bytes.removeSubrange(at...)
    case 1:
      bytes[at] = source.byte()
    default:
      let digits = bytes.indices.filter { (0x30...0x39).contains(bytes[$0]) }
      if !digits.isEmpty {
        bytes[digits[at % digits.count]] = 0x30 + source.byte() % 10
      }
    }
    return Data(bytes)
  }
}
