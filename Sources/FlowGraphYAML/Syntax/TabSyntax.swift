import FlowGraphCore

/// A tabs screen's `tabs`, `selected` and `on` as written (SPEC §6.1).
struct TabBarSyntax: Sendable {
  /// The `tabs` key.
  var key: SyntaxName
  /// The tabs, in declared order (the ones whose value did not decode are left out).
  var tabs: [TabSyntax] = []
  /// Whether some tab did not decode (reported): references to tabs and
  /// results are then not checked, to avoid cascades.
  var isIncomplete = false
  /// The names of the tabs whose value did not decode (reported): they are
  /// still tabs of the screen, so a `select` of one is not judged.
  var brokenTabNames: [String] = []
  /// The names written in a `tabs` value that is not a map (a list of flow
  /// names, `tabs: [feed, profile]`, or one name): the flows it was probably
  /// meant to show, so that they are not also reported as never started.
  var namesInMalformedTabs: [SyntaxName] = []
  /// The `selected` scalar.
  var selected: SyntaxName?
  /// The screen's `on`: handlers for the results a tab's own `on` does not handle.
  var handlers: [HandlerSyntax] = []
}

/// One tab as written: `name: flow` or `name: { flow, title, with, on }`.
struct TabSyntax: Sendable {
  /// The tab's name key.
  var name: SyntaxName
  /// The tab flow's name scalar.
  var flow: SyntaxName
  var title: String?
  /// The tab flow's input bindings.
  var with: [WithBinding] = []
  /// The tab's own result handlers.
  var handlers: [HandlerSyntax] = []
  /// Whether the tab's map had a misspelled key (it may hold `with` or `on`).
  var hasUnknownKeys = false
}
