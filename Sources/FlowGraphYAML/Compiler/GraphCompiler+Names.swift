import FlowGraphCore

/// Name lookups by name-table entry: every name the decoder reads carries
/// its entry in the load's ``NameTable`` (one per distinct text), so finding
/// a screen, flow or task is an array read instead of hashing and comparing
/// its text. A name without an entry falls back to the text.
extension GraphCompiler {
  /// The accepted flow named `name`.
  @inline(__always)
  func flowID(named name: SyntaxName) -> FlowID? {
    guard name.entry >= 0 else { return flowIDs[name.text] }
    return Self.index(of: name, in: flowByEntry).map(FlowID.init)
  }

  /// The task named `name`.
  @inline(__always)
  func taskID(named name: SyntaxName) -> TaskID? {
    guard name.entry >= 0 else { return taskIDs[name.text] }
    return Self.index(of: name, in: taskByEntry).map(TaskID.init)
  }

  /// What a table by entry holds for `name` (which has an entry): `nil` for
  /// -1, or for a name new since the table was made (it names nothing there).
  @inline(__always)
  private static func index(of name: SyntaxName, in table: [Int32]) -> Int? {
    let entry = Int(name.entry)
    guard entry < table.count, table[entry] >= 0 else { return nil }
    return Int(table[entry])
  }

  /// The first screen of `flow` named `name`.
  @inline(__always)
  func screenID(named name: SyntaxName, in flow: FlowSignature) -> ScreenID? {
    let screens = flow.screens
    if name.entry >= 0, activeScreens == screens {
      let entry = Int(name.entry)
      guard entry < screenByEntry.count else { return nil }
      let id = screenByEntry[entry]
      return id < 0 ? nil : ScreenID(Int(id))
    }
    for index in screens where screenNames[index] == name.text { return ScreenID(index) }
    return nil
  }

  /// The screen of `flow` named `name`, as a reference to it: the screen is
  /// then named somewhere (``screenIsNamed``), so its own name is not the
  /// likely typo of an undefined one.
  mutating func referenceScreen(named name: SyntaxName, in flow: FlowSignature) -> ScreenID? {
    guard let screen = screenID(named: name, in: flow) else { return nil }
    screenIsNamed[screen.index] = true
    return screen
  }

  /// Marks the screen that the `popTo` of a transition that did not compile
  /// for another reason names, as ``referenceScreen(named:in:)`` does.
  mutating func referencePopTarget(of syntax: TransitionSyntax, in flow: FlowSignature) {
    if let popTo = syntax.popTo { _ = referenceScreen(named: popTo.name, in: flow) }
  }

  /// Makes `flow`'s screens the ones ``screenID(named:in:)`` finds by entry.
  mutating func activateScreens(of flow: FlowSignature) {
    if let previous = activeScreens {
      for index in previous { screenByEntry[Int(screenEntries[index])] = -1 }
    }
    activeScreens = nil
    // Screen names are read when their flow is compiled: new entries since
    // the table was sized name no screen yet.
    if screenByEntry.count < names.count {
      screenByEntry.append(contentsOf: repeatElement(-1, count: names.count - screenByEntry.count))
    }
    let screens = flow.screens
    guard
      screens.allSatisfy({ screenEntries[$0] >= 0 && Int(screenEntries[$0]) < screenByEntry.count })
    else { return }
    // Backwards, so that the first screen of a name wins.
    for index in screens.reversed() { screenByEntry[Int(screenEntries[index])] = Int32(index) }
    activeScreens = screens
  }

  /// Sizes the by-entry tables for every name the declarations read.
  mutating func sizeEntryTables() {
    let count = names.count
    flowByEntry = [Int32](repeating: -1, count: count)
    taskByEntry = [Int32](repeating: -1, count: count)
    screenByEntry = [Int32](repeating: -1, count: count)
  }
}
