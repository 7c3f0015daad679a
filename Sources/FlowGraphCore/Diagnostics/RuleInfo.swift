/// What flowgraph knows about one rule: its id, severity, the stage that
/// reports it, and a one-line summary. ``RuleID/catalogue`` is the one table
/// of rules: the ids' list (``RuleID/all``), the SARIF rules, the docs
/// pages' tests and the fixtures' tests all read it.
public struct RuleInfo: Hashable, Sendable {
  /// The stage of the pipeline that reports a rule.
  public enum Stage: Hashable, Sendable {
    /// The YAML reader (libyaml events to nodes).
    case yaml
    /// The DSL decoder and compiler (nodes to a typed graph).
    case compiler
    /// The validator's graph analysis.
    case analysis
  }

  /// The rule's id.
  public let id: RuleID
  /// The severity it reports at.
  public let severity: Severity
  /// The stage that reports it.
  public let stage: Stage
  /// One line that says what it finds.
  public let summary: String

  init(_ id: RuleID, _ severity: Severity, _ stage: Stage, _ summary: String) {
    self.id = id
    self.severity = severity
    self.stage = stage
    self.summary = summary
  }

  /// The rule's name in PascalCase (`UnknownKey`; SARIF's `name`).
  public var name: String {
    id.rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }
      .joined()
  }

  /// The path of its docs page in the repository (`docs/rules/<id>.md`).
  public var docsPage: String { "docs/rules/\(id.rawValue).md" }

  /// Every rule by id.
  static let byID: [RuleID: RuleInfo] = Dictionary(
    uniqueKeysWithValues: RuleID.catalogue.map { ($0.id, $0) })
}

extension RuleID {
  /// Every rule, in the order of SPEC §3: the one table of rules.
  public static let catalogue: [RuleInfo] = [
    RuleInfo(
      .yamlSyntax, .error, .yaml,
      "The file is not well-formed YAML, or uses YAML that DSL v1 refuses."),
    RuleInfo(
      .yamlLimit, .error, .yaml,
      "A safety limit was hit: file size, scalar length, nesting depth or alias expansion."),
    RuleInfo(
      .unsupportedVersion, .error, .compiler,
      "`flowgraph:` is missing or not the integer 1."),
    RuleInfo(.unknownKey, .error, .compiler, "A key that is not allowed at that place."),
    RuleInfo(.invalidValue, .error, .compiler, "A value of the wrong kind or form."),
    RuleInfo(.duplicateKey, .error, .yaml, "The same key twice in one YAML mapping."),
    RuleInfo(
      .duplicateName, .error, .compiler,
      "A flow, task or type defined twice across imports."),
    RuleInfo(.importNotFound, .error, .compiler, "An import path that does not exist."),
    RuleInfo(.missingEntry, .error, .compiler, "Several flows and no `entry`."),
    RuleInfo(
      .undefinedReference, .error, .compiler,
      "A screen, flow, task, result, outcome or type name that does not exist."),
    RuleInfo(.missingArgument, .error, .compiler, "A required param that nothing supplies."),
    RuleInfo(.unknownArgument, .error, .compiler, "A `with` key the target does not declare."),
    RuleInfo(.typeMismatch, .error, .compiler, "A value or `$name` of the wrong type."),
    RuleInfo(
      .invalidDeeplink, .error, .compiler,
      "A malformed, incomplete or duplicated deep-link pattern."),
    RuleInfo(
      .unhandledResult, .error, .compiler,
      "A `start` that does not handle a result its flow declares."),
    RuleInfo(
      .unhandledOutcome, .error, .compiler,
      "A `run` that does not handle an outcome its task declares."),
    RuleInfo(.unreachableScreen, .error, .analysis, "A screen that no run of its own flow shows."),
    RuleInfo(
      .noExit, .error, .analysis,
      "A child flow can reach a screen from which it can never end: it leaks."),
    RuleInfo(
      .unboundedStack, .error, .analysis,
      "A cycle that grows the stack or the modal layers on every round."),
    RuleInfo(
      .undismissableModal, .error, .analysis,
      "A modal layer that some run opens and nothing can close."),
    RuleInfo(
      .invalidPop, .error, .analysis,
      "A `pop`, `popToRoot`, `pop: S` or `popTo` that is never possible, or a custom `back` that can never run."
    ),
    RuleInfo(.invalidDismiss, .error, .analysis, "A `dismiss` that is never possible."),
    RuleInfo(
      .invalidTabs, .error, .analysis,
      "A tabs screen placed where it cannot be the only screen of its layer's base, or a tab flow that cannot run in a tab."
    ),
    RuleInfo(.invalidSelect, .error, .analysis, "A `select: TAB` that is never possible."),
    RuleInfo(
      .unroutableDeeplink, .error, .analysis,
      "A deep link that no route from the entry flow's start reaches without the user's own input."
    ),
    RuleInfo(
      .unusedFlow, .warning, .compiler,
      "A flow that is not the entry and that no `start` names."),
    RuleInfo(.unusedResult, .warning, .compiler, "A declared result that no `finish` produces."),
    RuleInfo(.unusedTask, .warning, .compiler, "A declared task that no `run` calls."),
  ]
}
