import FlowGraphCore

/// The member names that Swift gives a generated type, or that one case or
/// method declares, which a name of the flow file must not take too.
extension SwiftAPIPlan {
  /// Claims a label per field of `fields` (a screen's params, a flow's
  /// input, a result's fields…) in `what` (`the case 'detail' of Screen`):
  /// two fields that become one label (`item-id` and `itemId`) give a case
  /// or a method that Swift refuses.
  static func claimLabels(
    _ fields: some Sequence<Parameter>, kind: String, of owner: SwiftNameOwner, in what: String,
    log: inout SwiftNameClashLog
  ) {
    var labels = MemberNameRegistry("label", of: what)
    for field in fields {
      labels.claim(
        SwiftName.member(field.name),
        for: SwiftNameOwner(
          kind: kind, name: field.name, context: "of \(owner.phrase)", span: field.span),
        log: &log)
    }
  }
}

extension MemberNameRegistry {
  /// The cases of a `CaseIterable` enum (`types:`, `Tab`): a case
  /// `allCases` would make `Kind.allCases` ambiguous in the app's code, and
  /// backticks do not tell the two apart.
  static func caseIterable(_ type: String) -> MemberNameRegistry {
    var names = MemberNameRegistry("case", of: type)
    names.reserve(
      "allCases",
      reason:
        "which would make '\(type).allCases', the list of every case that Swift gives the enum, ambiguous"
    )
    return names
  }
}
