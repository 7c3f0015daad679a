/// The stable id of a validation rule, as used in output, in `suppress` lists
/// and in the docs (`docs/rules/<id>.md`).
public struct RuleID: RawRepresentable, Hashable, Comparable, Sendable, Codable,
  ExpressibleByStringLiteral, CustomStringConvertible
{
  public var rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }
  public init(stringLiteral value: String) { self.rawValue = value }
  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(String.self)
  }
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  public var description: String { rawValue }
  public static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }

  // The ids; everything else about a rule is in its row of ``catalogue``.
  /// `yaml-syntax`: The file is not well-formed YAML, or uses YAML that DSL v1 refuses.
  public static let yamlSyntax: RuleID = "yaml-syntax"
  /// `yaml-limit`: A safety limit was hit: file size, scalar length, nesting depth or alias expansion.
  public static let yamlLimit: RuleID = "yaml-limit"
  /// `unsupported-version`: `flowgraph:` is missing or not the integer 1.
  public static let unsupportedVersion: RuleID = "unsupported-version"
  /// `unknown-key`: A key that is not allowed at that place.
  public static let unknownKey: RuleID = "unknown-key"
  /// `invalid-value`: A value of the wrong kind or form.
  public static let invalidValue: RuleID = "invalid-value"
  /// `duplicate-key`: The same key twice in one YAML mapping.
  public static let duplicateKey: RuleID = "duplicate-key"
  /// `duplicate-name`: A flow, task or type defined twice across imports.
  public static let duplicateName: RuleID = "duplicate-name"
  /// `import-not-found`: An import path that does not exist.
  public static let importNotFound: RuleID = "import-not-found"
  /// `missing-entry`: Several flows and no `entry`.
  public static let missingEntry: RuleID = "missing-entry"
  /// `undefined-reference`: A screen, flow, task, result, outcome or type name that does not exist.
  public static let undefinedReference: RuleID = "undefined-reference"
  /// `missing-argument`: A required param that nothing supplies.
  public static let missingArgument: RuleID = "missing-argument"
  /// `unknown-argument`: A `with` key the target does not declare.
  public static let unknownArgument: RuleID = "unknown-argument"
  /// `type-mismatch`: A value or `$name` of the wrong type.
  public static let typeMismatch: RuleID = "type-mismatch"
  /// `invalid-deeplink`: A malformed, incomplete or duplicated deep-link pattern.
  public static let invalidDeeplink: RuleID = "invalid-deeplink"
  /// `unhandled-result`: A `start` that does not handle a result its flow declares.
  public static let unhandledResult: RuleID = "unhandled-result"
  /// `unhandled-outcome`: A `run` that does not handle an outcome its task declares.
  public static let unhandledOutcome: RuleID = "unhandled-outcome"
  /// `unreachable-screen`: A screen that no run of its own flow shows.
  public static let unreachableScreen: RuleID = "unreachable-screen"
  /// `no-exit`: A child flow can reach a screen from which it can never end: it leaks.
  public static let noExit: RuleID = "no-exit"
  /// `unbounded-stack`: A cycle that grows the stack or the modal layers on every round.
  public static let unboundedStack: RuleID = "unbounded-stack"
  /// `undismissable-modal`: A modal layer that some run opens and nothing can close.
  public static let undismissableModal: RuleID = "undismissable-modal"
  /// `invalid-pop`: A `pop`, `popToRoot` or `pop: S` that is never possible.
  public static let invalidPop: RuleID = "invalid-pop"
  /// `invalid-dismiss`: A `dismiss` that is never possible.
  public static let invalidDismiss: RuleID = "invalid-dismiss"
  /// `invalid-tabs`: (1.1) A tabs screen placed where it cannot be the only screen of its layer's base.
  public static let invalidTabs: RuleID = "invalid-tabs"
  /// `invalid-select`: (1.1) A `select: TAB` that is never possible.
  public static let invalidSelect: RuleID = "invalid-select"
  /// `unroutable-deeplink`: A deep link that no route from the entry flow's start reaches without the user's own input.
  public static let unroutableDeeplink: RuleID = "unroutable-deeplink"
  /// `unused-flow`: A flow that is not the entry and that no `start` names.
  public static let unusedFlow: RuleID = "unused-flow"
  /// `unused-result`: A declared result that no `finish` produces.
  public static let unusedResult: RuleID = "unused-result"
  /// `unused-task`: A declared task that no `run` calls.
  public static let unusedTask: RuleID = "unused-task"

  /// Every rule, in the order of SPEC §3 (the order of ``catalogue``).
  public static let all: [RuleID] = catalogue.map(\.id)

  /// Whether this id names a rule flowgraph knows.
  public var isKnown: Bool { RuleInfo.byID[self] != nil }

  /// The rule's row of the catalogue (`nil` for an unknown id).
  public var info: RuleInfo? { RuleInfo.byID[self] }

  /// The severity the rule reports at.
  public var defaultSeverity: Severity { info?.severity ?? .error }

  /// One line that says what the rule finds (used by `--format sarif`, the
  /// README and the docs).
  public var summary: String { info?.summary ?? "An unknown rule." }
}
