import FlowGraphCore
import Testing

/// The mirror applies every kind of change to stacks of app screens, and
/// tells user-made changes apart from the rest of the same step.
@Suite("NavigationMirror")
struct NavigationMirrorTests {
  /// A screen instance whose app screen is its id's number.
  static func screen(_ number: Int) -> ScreenInstance {
    ScreenInstance(
      id: ScreenInstanceID(number), screen: ScreenID(0), flow: FlowInstanceID(0))
  }

  static func mirror() -> (NavigationMirror<Int>, Box) {
    let mirror = NavigationMirror<Int> { $0.id.rawValue }
    let box = Box()
    mirror.onUpdate = { box.updates.append($0) }
    mirror.onResync = { box.resyncs.append($0) }
    return (mirror, box)
  }

  final class Box {
    var updates: [NavigationMirror<Int>.Update] = []
    var resyncs: [[[Int]]] = []
  }

  @Test func appliesEveryKindOfChange() {
    let (mirror, box) = Self.mirror()
    let changes: [(NavigationChange, [[Int]])] = [
      (.present(Self.screen(1)), [[1]]),
      (.push(Self.screen(2)), [[1, 2]]),
      (.push(Self.screen(3)), [[1, 2, 3]]),
      (.replace(Self.screen(4)), [[1, 2, 4]]),
      (.setRoot(Self.screen(5), keeping: 1), [[1, 5]]),
      (.present(Self.screen(6)), [[1, 5], [6]]),
      (.push(Self.screen(7)), [[1, 5], [6, 7]]),
      (.present(Self.screen(8)), [[1, 5], [6, 7], [8]]),
      (.dismiss(count: 2), [[1, 5]]),
      (.setRoot(Self.screen(9), keeping: 0), [[9]]),
      (.push(Self.screen(10)), [[9, 10]]),
      (.push(Self.screen(11)), [[9, 10, 11]]),
      (.pop(count: 2), [[9]]),
      (.dismiss(count: 1), []),
    ]
    for (change, expected) in changes {
      mirror.apply(change)
      #expect(mirror.layers == expected, "after \(change)")
      #expect(mirror.instances.map { $0.map(\.id.rawValue) } == expected)
    }
    #expect(box.updates.map(\.layers) == changes.map(\.1))
    #expect(
      box.updates.prefix(5).map(\.change) == [
        .present(1), .push(2), .push(3), .replace(4), .setRoot(5, keeping: 1),
      ])
    #expect(box.updates.allSatisfy { !$0.madeByUser })
    #expect(mirror.top == nil)
  }

  @Test func theUsersChangeIsMarkedAndTheFollowUpIsNot() {
    let (mirror, box) = Self.mirror()
    mirror.apply(.present(Self.screen(1)))
    mirror.apply(.present(Self.screen(2)))
    // The step of a swipe-down: the layer goes, then the parent pushes.
    mirror.userDid(.dismiss) {
      mirror.apply(.dismiss(count: 1))
      mirror.apply(.push(Self.screen(3)))
    }
    #expect(mirror.layers == [[1, 3]])
    #expect(box.updates.suffix(2).map(\.madeByUser) == [true, false])
    #expect(box.resyncs.isEmpty)
    // A later dismiss of the same shape is the runtime's own.
    mirror.apply(.present(Self.screen(4)))
    mirror.apply(.dismiss(count: 1))
    #expect(box.updates.last?.madeByUser == false)
  }

  @Test func aUserChangeTheStepDoesNotMakeAsksForAResync() {
    let (mirror, box) = Self.mirror()
    mirror.apply(.present(Self.screen(1)))
    mirror.apply(.push(Self.screen(2)))
    // A custom back that presents a confirmation instead of popping.
    mirror.userDid(.back) { mirror.apply(.present(Self.screen(3))) }
    #expect(box.resyncs == [[[1, 2], [3]]])
    #expect(box.updates.last?.madeByUser == false)
    // A refused event: nothing changes, and the UI must show the stacks again.
    struct Refused: Error {}
    #expect(throws: Refused.self) { try mirror.userDid(.back) { throw Refused() } }
    #expect(box.resyncs.count == 2)
  }

  #if compiler(>=6.2)  // exit tests
    /// A mirror that missed changes (set as the navigator of a started run
    /// instead of attached) stops with a message, not an index out of range.
    @Test func aChangeThatDoesNotFitStops() async {
      await #expect(processExitsWith: .failure) {
        NavigationMirror<Int> { $0.id.rawValue }.apply(.push(NavigationMirrorTests.screen(1)))
      }
    }
  #endif
}
