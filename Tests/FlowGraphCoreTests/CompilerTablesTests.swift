import FlowGraphYAML
import Foundation
import Testing

@testable import FlowGraphCore

/// The YAML compiler writes records straight into the graph's tables; the
/// JSON reader and the public initializers give the writer plain values
/// (``GraphTableWriter/append(_:)``). Both must write the same tables, record
/// by record, in the one order every writer keeps, and every transition
/// record must be where something points to it (an action, a custom back, or
/// the nested block of an enclosing transition): none left over, even from a
/// transition that did not compile after its handlers were compiled.
@Suite struct CompilerTablesTests {
  /// Every flow file of `Flows/` and `Tests/Fixtures` (broken ones too) that
  /// gives a graph, relative to the package root.
  static let files: [String] = {
    let root = ExportTestSupport.packageRoot
    var files: [String] = []
    for folder in ["Flows", "Tests/Fixtures"] {
      let url = root.appendingPathComponent(folder)
      let paths = FileManager.default.enumerator(atPath: url.path)?.compactMap { $0 as? String }
      files += (paths ?? []).filter { $0.hasSuffix(".yaml") }.map { "\(folder)/\($0)" }
    }
    return files.sorted()
  }()

  /// The fixture of the known trap: `start: help, popTo: page` where `page`
  /// is no screen of the flow, with a handler that compiles.
  static let startWithUndefinedPopTo = "Tests/Fixtures/broken/undefined-reference-pop-to.yaml"

  @Test func theFilesIncludeBrokenOnesAndTheTrap() {
    #expect(Self.files.count >= 200)
    #expect(Self.files.contains(Self.startWithUndefinedPopTo))
  }

  @Test(arguments: files)
  func theCompilerWritesWhatTheValueWriterWrites(_ path: String) throws {
    guard let graph = try ExportTestSupport.load(path).graph else { return }
    var writer = GraphTableWriter()
    for screen in graph.screens { writer.append(ScreenValue(screen)) }
    let problems = Self.differences(graph.tables, writer.finish())
    #expect(problems.isEmpty, "\(path): \(problems.prefix(5))")
  }

  @Test(arguments: files)
  func everyTransitionRecordIsPointedToOnce(_ path: String) throws {
    guard let graph = try ExportTestSupport.load(path).graph else { return }
    let problems = Self.unreferencedOrShared(graph.tables)
    #expect(problems.isEmpty, "\(path): transitions \(problems.prefix(10))")
  }

  @Test func theTrapLeavesNoRecordOfTheHandlers() throws {
    let graph = try #require(ExportTestSupport.load(Self.startWithUndefinedPopTo).graph)
    let start = try #require(graph.screens.first { $0.name == "home" }?.actions[1].transition)
    #expect(start.kind == .invalid)
    #expect(Self.unreferencedOrShared(graph.tables).isEmpty)
  }

  /// The transition records that no action, custom back or nested block
  /// points to, or that more than one does.
  static func unreferencedOrShared(_ tables: GraphTables) -> [Int] {
    var references = [Int](repeating: 0, count: tables.transitions.count)
    for action in tables.actions { references[Int(action.transition)] += 1 }
    for screen in tables.screens where screen.backKind == 2 {
      references[Int(tables.customBack(of: screen))] += 1
    }
    for transition in tables.transitions {
      let nested = tables.nested(of: transition)
      for offset in 0..<Int(nested.count) { references[Int(nested.start) + offset] += 1 }
    }
    return references.indices.filter { references[$0] != 1 }
  }

  @Test(arguments: files)
  func theSideTablesHoldOneEntryPerRecordThatHasOne(_ path: String) throws {
    guard let graph = try ExportTestSupport.load(path).graph else { return }
    let problems = Self.sideTableProblems(graph.tables)
    #expect(problems.isEmpty, "\(path): \(problems.prefix(5))")
  }

  /// What is wrong with the side tables of transitions and actions: an
  /// entry that no record points to, or that two do; an entry with nothing
  /// in it (a plain record points to none); a pop target's flag without an
  /// entry; a far target span without an entry.
  static func sideTableProblems(_ tables: GraphTables) -> [String] {
    var problems: [String] = []
    var extras = [Int](repeating: 0, count: tables.transitionExtras.count)
    for (index, record) in tables.transitions.enumerated() {
      if record.extras == noIndex {
        if record.flags.contains(.second) { problems.append("transition \(index): pop flag") }
        if record.flags.contains(.thirdSpan) { problems.append("transition \(index): far") }
        continue
      }
      guard Int(record.extras) < extras.count else {
        problems.append("transition \(index): extras \(record.extras) out of range")
        continue
      }
      extras[Int(record.extras)] += 1
      let entry = tables.transitionExtras[Int(record.extras)]
      if !record.flags.contains(.second) && !record.flags.contains(.thirdSpan)
        && entry.arguments.count == 0 && entry.nested.count == 0
      {
        problems.append("transition \(index): an empty entry")
      }
    }
    var params = [Int](repeating: 0, count: tables.actionParams.count)
    for (index, record) in tables.actions.enumerated() where record.params != noIndex {
      guard Int(record.params) < params.count else {
        problems.append("action \(index): params \(record.params) out of range")
        continue
      }
      params[Int(record.params)] += 1
      if tables.actionParams[Int(record.params)].count == 0 {
        problems.append("action \(index): an empty entry")
      }
    }
    problems += extras.indices.filter { extras[$0] != 1 }.map { "extras entry \($0)" }
    problems += params.indices.filter { params[$0] != 1 }.map { "params entry \($0)" }
    var screens = [Int](repeating: 0, count: tables.screenExtras.count)
    var actionsEnd: UInt32 = 0
    for (index, record) in tables.screens.enumerated() {
      // Each screen's actions follow the previous screen's.
      if record.actionsEnd < actionsEnd { problems.append("screen \(index): actions end") }
      actionsEnd = record.actionsEnd
      if (record.backKind == 2) != (tables.customBack(of: record) != noIndex) {
        problems.append("screen \(index): custom back")
      }
      guard record.extras != noIndex else { continue }
      guard Int(record.extras) < screens.count else {
        problems.append("screen \(index): extras \(record.extras) out of range")
        continue
      }
      screens[Int(record.extras)] += 1
      let entry = tables.screenExtras[Int(record.extras)]
      if entry.tabBar == noIndex && entry.customBack == noIndex {
        problems.append("screen \(index): an empty entry")
      }
    }
    if Int(actionsEnd) != tables.actions.count { problems.append("actions not all screens'") }
    problems += screens.indices.filter { screens[$0] != 1 }.map { "screen entry \($0)" }
    return problems
  }

  /// Where two tables differ, record by record.
  static func differences(_ left: GraphTables, _ right: GraphTables) -> [String] {
    var found: [String] = []
    func check(_ same: Bool, _ what: @autoclosure () -> String) {
      if !same { found.append(what()) }
    }
    check(left.names == right.names, "names")
    check(left.parameters == right.parameters, "parameters")
    check(left.arguments == right.arguments, "arguments")
    check(left.tabBars == right.tabBars, "tab bars")
    check(left.screens.count == right.screens.count, "screen count")
    check(left.actions.count == right.actions.count, "action count")
    check(left.transitions.count == right.transitions.count, "transition count")
    check(left.transitionExtras.count == right.transitionExtras.count, "transition extras")
    check(left.actionParams.count == right.actionParams.count, "action params")
    check(left.screenExtras.count == right.screenExtras.count, "screen extras")
    for (index, (a, b)) in zip(left.transitions, right.transitions).enumerated() {
      check(
        a.tag == b.tag && a.flags == b.flags && a.target == b.target
          && left.popTarget(of: a) == right.popTarget(of: b)
          && left.arguments(of: a) == right.arguments(of: b)
          && left.nested(of: a) == right.nested(of: b) && a.span == b.span
          && left.targetSpan(of: a) == right.targetSpan(of: b), "transition \(index)")
    }
    for (index, (a, b)) in zip(left.actions, right.actions).enumerated() {
      check(
        a.name == b.name && a.transition == b.transition
          && left.params(of: a) == right.params(of: b) && a.span == b.span
          && a.flags == b.flags, "action \(index)")
    }
    for (index, (a, b)) in zip(left.screens, right.screens).enumerated() {
      check(
        a.name == b.name && a.flow == b.flow && a.title == b.title
          && a.description == b.description && a.deeplink == b.deeplink
          && left.tabBar(of: a) == right.tabBar(of: b)
          && left.customBack(of: a) == right.customBack(of: b) && a.params == b.params
          && left.actions(ofScreen: index) == right.actions(ofScreen: index)
          && a.actionsEnd == b.actionsEnd
          && a.span == b.span && a.extentSpan == b.extentSpan && a.deeplinkSpan == b.deeplinkSpan
          && a.flags == b.flags && a.backKind == b.backKind, "screen \(index)")
    }
    return found
  }
}
