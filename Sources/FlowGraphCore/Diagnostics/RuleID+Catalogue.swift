extension RuleID {
  /// One line that says what the rule finds (used by `--format sarif`, the
  /// README and the docs).
  public var summary: String {
    switch self {
    case .yamlSyntax: "The file is not well-formed YAML, or uses YAML that DSL v1 refuses."
    case .yamlLimit:
      "A safety limit was hit: file size, scalar length, nesting depth or alias expansion."
    case .unsupportedVersion: "`flowgraph:` is missing or not the integer 1."
    case .unknownKey: "A key that is not allowed at that place."
    case .invalidValue: "A value of the wrong kind or form."
    case .duplicateKey: "The same key twice in one YAML mapping."
    case .duplicateName: "A flow, task or type defined twice across imports."
    case .importNotFound: "An import path that does not exist."
    case .missingEntry: "Several flows and no `entry`."
    case .undefinedReference:
      "A screen, flow, task, result, outcome or type name that does not exist."
    case .missingArgument: "A required param that nothing supplies."
    case .unknownArgument: "A `with` key the target does not declare."
    case .typeMismatch: "A value or `$name` of the wrong type."
    case .invalidDeeplink: "A malformed, incomplete or duplicated deep-link pattern."
    case .unhandledResult: "A `start` that does not handle a result its flow declares."
    case .unhandledOutcome: "A `run` that does not handle an outcome its task declares."
    case .unreachableScreen: "A screen that no run of its own flow shows."
    case .noExit: "A child flow can reach a screen from which it can never end: it leaks."
    case .unboundedStack: "A cycle that grows the stack or the modal layers on every round."
    case .undismissableModal: "A modal layer that some run opens and nothing can close."
    case .invalidPop: "A `pop`, `popToRoot` or `pop: S` that is never possible."
    case .invalidDismiss: "A `dismiss` that is never possible."
    case .unroutableDeeplink:
      "A deep link that no route from the entry flow's start reaches without the user's own input."
    case .unusedFlow: "A flow that is not the entry and that no `start` names."
    case .unusedResult: "A declared result that no `finish` produces."
    case .unusedTask: "A declared task that no `run` calls."
    default: "An unknown rule."
    }
  }
}
