import FlowGraphCore

/// A thing of a flow file that gets a Swift name: what it is (`screen`), its
/// DSL name, where it belongs (`of flow 'app'`) and where it is written.
struct SwiftNameOwner {
  var kind: String
  var name: String
  var context: String = ""
  var span: SourceSpan?

  /// `screen 'item-list' of flow 'app'`.
  var phrase: String { "\(kind) '\(name)'" + (context.isEmpty ? "" : " \(context)") }

  /// The two owners in one phrase, sharing their kind and context when they
  /// have the same (`screens 'item-list' and 'itemList' of flow 'app'`).
  static func pair(_ first: Self, _ second: Self) -> String {
    guard first.kind == second.kind, first.context == second.context else {
      return "\(first.phrase) and \(second.phrase)"
    }
    return "\(first.kind)s '\(first.name)' and '\(second.name)'"
      + (first.context.isEmpty ? "" : " \(first.context)")
  }
}

/// The clashes found while naming a graph's API, each placed at its name in
/// the flow file.
struct SwiftNameClashLog {
  let graph: FlowGraph
  private(set) var clashes: [SwiftGenerationError.Clash] = []

  init(graph: FlowGraph) { self.graph = graph }

  /// `later` and `earlier` become one Swift name (`what`: `the case 'x' of Event`).
  ///
  /// The note points at `earlier`, unless both are placed at one name (two
  /// cases of a `types:` enum, which the model places at the type's name):
  /// the message names both, and a note at the same place would say nothing.
  mutating func record(_ later: SwiftNameOwner, and earlier: SwiftNameOwner, become what: String) {
    let range = graph.range(later.span)
    let earlierRange = graph.range(earlier.span)
    clashes.append(
      SwiftGenerationError.Clash(
        message: "\(SwiftNameOwner.pair(later, earlier)) both become \(what); rename one of them",
        range: range,
        note: range != nil && earlierRange == range
          ? nil : ("\(earlier.phrase) is here", earlierRange)))
  }

  /// `owner` becomes a Swift name that is taken for `reason`.
  mutating func record(_ owner: SwiftNameOwner, becomes what: String, reason: String) {
    clashes.append(
      SwiftGenerationError.Clash(
        message: "\(owner.phrase) becomes \(what), \(reason); rename it",
        range: graph.range(owner.span)))
  }
}

/// The Swift type names already declared or used in a namespace.
struct TypeNameRegistry {
  private enum Holder {
    case owner(SwiftNameOwner)
    case reserved(String)
  }
  private var holders: [String: Holder] = [:]

  /// Names `owner` may not take, and why (`which Swift reserves`).
  mutating func reserve(_ names: some Sequence<String>, reason: String) {
    for name in names { holders[name] = .reserved(reason) }
  }

  /// Claims `name` for `owner`; a name taken is a clash in `log`.
  mutating func claim(_ name: String, for owner: SwiftNameOwner, log: inout SwiftNameClashLog) {
    switch holders[name] {
    case .owner(let earlier): log.record(owner, and: earlier, become: "the Swift type '\(name)'")
    case .reserved(let reason):
      log.record(owner, becomes: "the Swift type '\(name)'", reason: reason)
    case nil: holders[name] = .owner(owner)
    }
  }
}

/// The member names already declared in one Swift type.
struct MemberNameRegistry {
  private enum Holder {
    case owner(SwiftNameOwner)
    case reserved(String)
  }
  /// `case`, `method` or `label`.
  let member: String
  /// The Swift type (`Event`), or the case whose labels these are.
  let type: String
  private var holders: [String: Holder] = [:]

  init(_ member: String, of type: String) {
    self.member = member
    self.type = type
  }

  /// Takes `name` for a member the generated code declares.
  mutating func reserve(_ name: String, for purpose: String) {
    holders[name] = .owner(
      SwiftNameOwner(kind: "the generated \(member)", name: name, context: purpose))
  }

  /// Takes `name` for a member that Swift gives the type, which a member of
  /// that name would make ambiguous (`reason`: `which would make …`).
  mutating func reserve(_ name: String, reason: String) {
    holders[name] = .reserved(reason)
  }

  /// Claims `name` for `owner`; whether it was free (a name taken is a clash in `log`).
  @discardableResult
  mutating func claim(
    _ name: String, for owner: SwiftNameOwner, log: inout SwiftNameClashLog
  ) -> Bool {
    switch holders[name] {
    case .owner(let earlier):
      log.record(owner, and: earlier, become: "the \(member) '\(name)' of \(type)")
    case .reserved(let reason):
      log.record(owner, becomes: "the \(member) '\(name)' of \(type)", reason: reason)
    case nil:
      holders[name] = .owner(owner)
      return true
    }
    return false
  }
}
