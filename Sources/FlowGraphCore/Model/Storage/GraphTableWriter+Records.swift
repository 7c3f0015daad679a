/// The record API of ``GraphTableWriter``: for a reader that has its names
/// already (unique, as ids of its own string table) and reads its screens in
/// table order, so that it writes each record once, where it belongs, with
/// no value in between and no name hashed (the launch-format reader,
/// ``CompiledGraphReader``).
///
/// The tables come out as ``GraphTableWriter/append(_:)`` writes a screen
/// value: the screen's params; per action its params, its transition and
/// its record (the actions of a screen are consecutive: nothing else goes
/// to their table); the custom back's transition; the tab bar; the screen's
/// record last. A transition takes its slot, then the block of its nested
/// transitions (each filled the same way), then its arguments.
extension GraphTableWriter {
  /// A writer whose names are `names`, as they are: a name's id is its
  /// index. Each name must be there once (distinct bytes). ``append(_:)``
  /// still interns the names it is given (after these, which it interns
  /// the first time it needs to).
  package init(names: [String]) {
    self.init()
    adoptedNames = names
  }

  /// Reserves room for `count` screens' records.
  mutating func reserveScreens(_ count: Int) {
    screens.reserveCapacity(count)
  }

  /// Reserves room for the actions and transitions of `total` screens, as
  /// many per screen as the first `read` have (a little more): one
  /// allocation each instead of the last doublings. At most a multiple of
  /// what is written already, so never more than the records the bytes
  /// read so far could justify.
  mutating func reserveProjecting(read: Int, total: Int) {
    guard read > 0, total > read else { return }
    let scale = Double(total) / Double(read) * 1.05
    actions.reserveCapacity(Int(Double(actions.count) * scale))
    transitions.reserveCapacity(Int(Double(transitions.count) * scale))
  }

  /// Reserves one transition slot, to be set with ``setTransition(_:_:)``,
  /// and returns its index.
  @inline(__always)
  mutating func reserveTransition() -> Int {
    transitions.append(placeholder)
    return transitions.count - 1
  }

  /// Reserves `count` consecutive transition slots, to be set with
  /// ``setTransition(_:_:)``, and returns the first one's index.
  mutating func reserveTransitions(_ count: Int) -> Int {
    let start = transitions.count
    transitions.append(contentsOf: repeatElement(placeholder, count: count))
    return start
  }

  @inline(__always)
  mutating func setTransition(_ index: Int, _ record: TransitionRecord) {
    transitions[index] = record
  }

  /// The record of a transition slot (set, or still the placeholder).
  @inline(__always)
  func transition(at index: Int) -> TransitionRecord { transitions[index] }

  /// The index of the next action: a screen's actions are appended one
  /// after the other (nothing else is written to their table meanwhile).
  var actionCount: Int { actions.count }

  /// Appends an action's record, after its params and its transition.
  @inline(__always)
  mutating func appendAction(_ record: ActionRecord) {
    actions.append(record)
  }

  /// Appends a list of parameters; the empty range for none.
  @inline(__always)
  package mutating func appendParameters(_ list: [Parameter]) -> TableRange { append(list) }

  /// Appends a list of arguments; the empty range for none.
  @inline(__always)
  mutating func appendArguments(_ list: [Argument]) -> TableRange { append(list) }

  /// The parameters of a range written so far.
  @inline(__always)
  func parameters(in range: TableRange) -> ArraySlice<Parameter> {
    parameters[Int(range.start)..<Int(range.start) + Int(range.count)]
  }

  /// The arguments of a range written so far.
  @inline(__always)
  func arguments(in range: TableRange) -> ArraySlice<Argument> {
    arguments[Int(range.start)..<Int(range.start) + Int(range.count)]
  }

  /// Appends a tab bar and returns its index, for ``ScreenRecord/tabBar``.
  mutating func appendTabBar(_ bar: TabBar) -> UInt32 {
    tabBars.append(bar)
    return UInt32(tabBars.count - 1)
  }

  /// Appends a screen's record, after its params, actions and tab bar; its
  /// index is ``screenCount`` before the call.
  mutating func appendScreen(_ record: ScreenRecord) {
    screens.append(record)
  }

  /// Interns the names given to `init(names:)`, in order: each keeps its
  /// index as its id (they are distinct).
  mutating func internAdoptedNames() {
    guard let adopted = adoptedNames else { return }
    adoptedNames = nil
    names = TextInterner(capacity: adopted.count + 256)
    for text in adopted { _ = names.entry(text) }
  }
}
