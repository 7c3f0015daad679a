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

  // MARK: YAML and structure
  /// The file is not well-formed YAML, or uses YAML that DSL v1 refuses.
  public static let yamlSyntax: RuleID = "yaml-syntax"
  /// A safety limit was hit: file size, scalar length, nesting depth, alias expansion.
  public static let yamlLimit: RuleID = "yaml-limit"
  /// `flowgraph:` is missing or not the integer `1`.
  public static let unsupportedVersion: RuleID = "unsupported-version"
  /// A key that is not allowed at that place.
  public static let unknownKey: RuleID = "unknown-key"
  /// A value of the wrong kind or form.
  public static let invalidValue: RuleID = "invalid-value"
  /// The same key twice in one YAML mapping.
  public static let duplicateKey: RuleID = "duplicate-key"
  /// A flow, task or type defined twice across imports.
  public static let duplicateName: RuleID = "duplicate-name"
  /// An import path that does not exist.
  public static let importNotFound: RuleID = "import-not-found"
  /// Several flows and no `entry`.
  public static let missingEntry: RuleID = "missing-entry"
  /// A name that does not exist.
  public static let undefinedReference: RuleID = "undefined-reference"
  // MARK: Types and arguments
  /// A required param that nothing supplies.
  public static let missingArgument: RuleID = "missing-argument"
  /// A `with` key the target does not declare.
  public static let unknownArgument: RuleID = "unknown-argument"
  /// A value or `$name` of the wrong type.
  public static let typeMismatch: RuleID = "type-mismatch"
  /// A malformed or conflicting deep-link pattern.
  public static let invalidDeeplink: RuleID = "invalid-deeplink"
  /// A `start` that does not handle a result its flow declares.
  public static let unhandledResult: RuleID = "unhandled-result"
  /// A `run` that does not handle an outcome its task declares.
  public static let unhandledOutcome: RuleID = "unhandled-outcome"
  // MARK: Graph analysis
  /// A screen that no run of its own flow shows.
  public static let unreachableScreen: RuleID = "unreachable-screen"
  /// A child flow that can reach a screen from which it can never end.
  public static let noExit: RuleID = "no-exit"
  /// A cycle that some run can repeat forever, growing the stack each round.
  public static let unboundedStack: RuleID = "unbounded-stack"
  /// A modal layer that some run opens and nothing can close.
  public static let undismissableModal: RuleID = "undismissable-modal"
  /// A pop that is never possible.
  public static let invalidPop: RuleID = "invalid-pop"
  /// A dismiss that is never possible.
  public static let invalidDismiss: RuleID = "invalid-dismiss"
  /// A deep link that no route reaches (SPEC §6.2).
  public static let unroutableDeeplink: RuleID = "unroutable-deeplink"
  // MARK: Warnings
  /// A flow that is not the entry and that nothing starts.
  public static let unusedFlow: RuleID = "unused-flow"
  /// A declared result that no `finish` produces.
  public static let unusedResult: RuleID = "unused-result"
  /// A declared task that no `run` calls.
  public static let unusedTask: RuleID = "unused-task"

  /// Every rule, in the order of SPEC §3.
  public static let all: [RuleID] = [
    .yamlSyntax, .yamlLimit, .unsupportedVersion, .unknownKey, .invalidValue, .duplicateKey,
    .duplicateName, .importNotFound, .missingEntry, .undefinedReference, .missingArgument,
    .unknownArgument, .typeMismatch, .invalidDeeplink, .unhandledResult, .unhandledOutcome,
    .unreachableScreen, .noExit, .unboundedStack, .undismissableModal, .invalidPop,
    .invalidDismiss, .unroutableDeeplink, .unusedFlow, .unusedResult, .unusedTask,
  ]

  /// Whether this id names a rule flowgraph knows.
  public var isKnown: Bool { Self.all.contains(self) }

  /// The severity the rule reports at.
  public var defaultSeverity: Severity {
    switch self {
    case .unusedFlow, .unusedResult, .unusedTask: .warning
    default: .error
    }
  }
}
