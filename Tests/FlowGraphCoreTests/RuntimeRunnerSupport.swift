import FlowGraphCore
import Foundation

/// A navigator that records each change with screen names.
final class RecordingNavigator: Navigator {
  let graph: FlowGraph
  private(set) var changes: [String] = []

  init(_ graph: FlowGraph) { self.graph = graph }

  func apply(_ change: NavigationChange) {
    switch change {
    case .push(let screen): changes.append("push \(graph[screen.screen].name)")
    case .pop(let count): changes.append("pop \(count)")
    case .replace(let screen): changes.append("replace \(graph[screen.screen].name)")
    case .setRoot(let screen, let keeping):
      changes.append("setRoot \(graph[screen.screen].name) keeping \(keeping)")
    case .present(let screen): changes.append("present \(graph[screen.screen].name)")
    case .dismiss(let count): changes.append("dismiss \(count)")
    case .tabs(let change): changes.append(graph.describe(change))
    }
  }

  func take() -> [String] {
    defer { changes = [] }
    return changes
  }
}

/// A door a task hook waits at until the test opens it. Waiting ignores
/// cancellation, like a hook that does not check for it.
final class Gate: @unchecked Sendable {
  private let lock = NSLock()
  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func wait() async {
    await withCheckedContinuation { continuation in
      lock.lock()
      if isOpen {
        lock.unlock()
        continuation.resume()
      } else {
        waiters.append(continuation)
        lock.unlock()
      }
    }
  }

  func open() {
    lock.lock()
    isOpen = true
    let waiters = self.waiters
    self.waiters = []
    lock.unlock()
    for waiter in waiters { waiter.resume() }
  }
}

/// A signal a hook gives when it has been entered.
struct Signal: Sendable {
  private let stream: AsyncStream<Void>
  private let continuation: AsyncStream<Void>.Continuation

  init() {
    (stream, continuation) = AsyncStream<Void>.makeStream()
  }

  func give() { continuation.yield() }

  func received() async {
    var iterator = stream.makeAsyncIterator()
    _ = await iterator.next()
  }
}

struct HookError: Error, CustomStringConvertible {
  var description: String { "the server is down" }
}

extension FlowGraph {
  /// A tab bar change in words, for the tests' navigators.
  func describe(_ change: TabsChange) -> String {
    switch change {
    case .shown(let shown):
      let stacks = shown.stacks.map { $0.map { self[$0.screen].name }.joined(separator: ">") }
      return "tabs \(self[shown.screen.screen].name) [\(stacks.joined(separator: ", "))] "
        + "selected \(shown.selected)\(shown.opensLayer ? "" : " in place")"
    case .selected(let index): return "select tab \(index)"
    case .stackReset(let layer, let tab, let screens):
      return "reset tab \(tab) of layer \(layer) to \(screens.map { self[$0.screen].name })"
    case .replaced(let screen): return "tab bar replaced by \(self[screen.screen].name)"
    }
  }
}
