/// The shape of a generated flow file: which flows exist, which screens each
/// has, and what every screen does. The YAML writer, the event walk and the
/// `transitions` model all read this one description, so they always agree.
///
/// Every flow has 100 screens: a tree of 87 screens joined by pushes (screen
/// `t` pushes `2t+1` and `2t+2`), 10 help sheets (each presented from one tree
/// screen), an error alert presented when a refresh task fails, a search
/// sheet and the search result pushed inside it. Flows form a tree too: flow
/// `k` starts flows `2k+1` (mode push) and `2k+2` (mode present) from its
/// screens 1 and 2; every third child flow begins with a task. Child flows
/// finish with `completed` (from the tree's leaves) or `picked` (from the
/// leaves that take an `itemId`). Nothing forms a cycle, every screen is
/// reachable and every modal can be closed, so the file validates clean.
public struct FlowLayout: Sendable {
  /// The screens of one flow.
  public static let screensPerFlow = 100
  /// The tree screens of one flow (pushed from one another).
  public static let treeScreens = 87
  /// The help sheets of one flow.
  public static let sheets = 10

  /// The number of flows.
  public let flowCount: Int

  /// A layout with `screens` screens (a multiple of ``screensPerFlow``).
  public init(screens: Int) {
    precondition(
      screens >= Self.screensPerFlow && screens % Self.screensPerFlow == 0,
      "the screen count must be a positive multiple of \(Self.screensPerFlow)")
    flowCount = screens / Self.screensPerFlow
  }

  /// The number of screens of the whole graph.
  public var screenCount: Int { flowCount * Self.screensPerFlow }

  // MARK: Flows

  /// The name of flow `k`.
  public func flowName(_ k: Int) -> String { "feature\(k)" }

  /// The child flows flow `k` starts.
  public func childFlows(of k: Int) -> [Int] {
    [2 * k + 1, 2 * k + 2].filter { $0 < flowCount }
  }

  /// Whether flow `k` begins with a task that picks its start.
  public func startsWithTask(_ k: Int) -> Bool { k > 0 && k % 3 == 0 }

  /// Whether child flow `k` is started with `mode: present` (else `push`).
  public func isPresented(_ k: Int) -> Bool { k > 0 && k % 2 == 0 }

  /// The tree screen of the parent flow that starts child flow `k`.
  public func starterScreen(of k: Int) -> Int { isPresented(k) ? 2 : 1 }

  /// The parent flow of flow `k` (`nil` for the entry flow 0).
  public func parentFlow(of k: Int) -> Int? { k == 0 ? nil : (k - 1) / 2 }

  /// The action of the parent's starter screen that starts flow `k`.
  public func startActionName(_ k: Int) -> String { "openFeature\(k)ButtonPressed" }

  // MARK: Tree screens

  /// The tree screens that screen `t` pushes.
  public func children(of t: Int) -> [Int] {
    [2 * t + 1, 2 * t + 2].filter { $0 < Self.treeScreens }
  }

  /// The tree screen that pushes screen `t` (`nil` for the flow's first screen).
  public func parent(of t: Int) -> Int? { t == 0 ? nil : (t - 1) / 2 }

  /// Whether tree screen `t` takes an `itemId` param (and so its push carries one).
  public func takesItem(_ t: Int) -> Bool { t % 4 == 3 }

  /// Whether tree screen `t` pushes nothing.
  public func isLeaf(_ t: Int) -> Bool { 2 * t + 1 >= Self.treeScreens }

  /// The name of tree screen `t`.
  public func treeScreenName(_ t: Int) -> String { "screen\(t)" }

  /// The action of a tree screen that pushes `child`.
  public func pushActionName(_ child: Int) -> String {
    let first = child % 2 == 1
    if takesItem(child) { return first ? "rowSelected" : "cardSelected" }
    return first ? "detailsButtonPressed" : "moreButtonPressed"
  }

  /// Whether tree screen `t` runs the flow's refresh task.
  public func refreshes(_ t: Int) -> Bool { t % 3 == 0 }

  /// Whether tree screen `t` presents the flow's search sheet.
  public func presentsSearch(_ t: Int) -> Bool { t % 2 == 0 }

  /// The help sheet tree screen `t` presents, if any.
  public func sheet(presentedBy t: Int) -> Int? {
    t % 9 == 4 && t / 9 < Self.sheets ? t / 9 : nil
  }

  /// The tree screen that presents help sheet `m`.
  public func presenter(ofSheet m: Int) -> Int { 9 * m + 4 }

  // MARK: Sheets

  /// The name of help sheet `m`.
  public func sheetName(_ m: Int) -> String { "help\(m)" }

  /// Whether the swipe-down gesture may close help sheet `m`.
  public func isDismissible(sheet m: Int) -> Bool { m % 3 != 2 }
}
