#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs a task hook against the embedder's timeout and the caller's
/// cancellation, whichever comes first. The hook runs in its own task, so a
/// hook that ignores cancellation cannot hold the runner: its late answer is
/// dropped.
final class HookRace: @unchecked Sendable {
  /// How a race was lost.
  enum Failure: Error {
    case threw(any Error)
    case timedOut
    case cancelled
  }

  private let lock = Lock()
  private var continuation: CheckedContinuation<TaskResult, any Error>?
  private var early: Result<TaskResult, any Error>?
  private var tasks: [Task<Void, Never>] = []
  private var done = false

  /// Calls `hook` with `call`; throws a ``Failure``.
  static func run(
    _ hook: @escaping TaskHook, _ call: TaskCall, timeout: Duration?, clock: any Clock<Duration>,
    isolation: isolated (any Actor)? = #isolation
  ) async throws -> TaskResult {
    let race = HookRace()
    defer { race.cancelAll() }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation(isolation: isolation) { continuation in
        race.install(continuation)
        race.add(
          Task {
            do {
              race.finish(.success(try await hook(call)))
            } catch {
              race.finish(.failure(Failure.threw(error)))
            }
          })
        if let timeout {
          race.add(
            Task {
              do {
                try await sleep(on: clock, for: timeout)
                race.finish(.failure(Failure.timedOut))
              } catch {}
            })
        }
      }
    } onCancel: {
      race.finish(.failure(Failure.cancelled))
    }
  }

  private static func sleep<C: Clock<Duration>>(on clock: C, for duration: Duration) async throws {
    try await clock.sleep(for: duration)
  }

  private func install(_ continuation: CheckedContinuation<TaskResult, any Error>) {
    lock.lock()
    if let early {
      lock.unlock()
      continuation.resume(with: early)
      return
    }
    self.continuation = continuation
    lock.unlock()
  }

  private func add(_ task: Task<Void, Never>) {
    lock.lock()
    let cancelNow = done
    if !cancelNow { tasks.append(task) }
    lock.unlock()
    if cancelNow { task.cancel() }
  }

  private func finish(_ result: Result<TaskResult, any Error>) {
    lock.lock()
    guard !done else {
      lock.unlock()
      return
    }
    done = true
    let continuation = self.continuation
    self.continuation = nil
    if continuation == nil { early = result }
    lock.unlock()
    continuation?.resume(with: result)
  }

  private func cancelAll() {
    lock.lock()
    let tasks = self.tasks
    self.tasks = []
    lock.unlock()
    for task in tasks { task.cancel() }
  }
}
