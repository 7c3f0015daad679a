/// The keys DSL v1 allows at each place of a flow file (SPEC §2), in the order
/// the docs list them. The decoder reports any other key as `unknown-key`, and
/// the JSON Schema (`Schemas/flowgraph.schema.json`) must agree with these lists.
public enum DSLKeys {
  /// The top level of a file.
  public static let document: [String] = [
    "flowgraph", "entry", "imports", "types", "tasks", "flows", "suppress",
  ]
  /// A flow (the value of a `flows` entry).
  public static let flow: [String] = [
    "description", "input", "results", "start", "screens", "suppress",
  ]
  /// A screen (the value of a `screens` entry).
  public static let screen: [String] = [
    "title", "description", "params", "actions", "back", "dismissible", "deeplink", "suppress",
    "tabs", "selected", "on",
  ]
  /// A tab of a tabs screen in map form (SPEC §6.1): `{ flow, title, with, on }`.
  public static let tab: [String] = ["flow", "title", "with", "on"]
  /// A task (the value of a `tasks` entry).
  public static let task: [String] = ["description", "input", "outcomes"]
  /// A named type (the value of a `types` entry).
  public static let typeDefinition: [String] = ["description", "enum"]
  /// Every key of a map-form transition: the navigation keys, then `mode` and
  /// `on` (with `start`), `outcomes` (with `run`), `with`, `params` (on an
  /// action's value only), and `popTo` and `inclusive` (with `push`, and with
  /// `start` in mode push; SPEC §6.3).
  public static let transition: [String] =
    navigation + ["mode", "on", "outcomes", "with", "params", "popTo", "inclusive"]
  /// The map form of a field (a param, an input, a payload field):
  /// `name: { type: T, default: LITERAL }` (SPEC §6.3).
  public static let field: [String] = ["type", "default"]
  /// The navigation keys of a map-form transition: exactly one per transition.
  public static let navigation: [String] = [
    "push", "present", "replace", "root", "pop", "finish", "start", "run", "select",
  ]
  /// The keyword form of a transition (a plain string).
  public static let keywords: [String] = ["pop", "popToRoot", "dismiss", "stay"]
  /// Every key of a map-form flow `start`: `{ run: T, outcomes: {…} }` or
  /// `{ finish: R }`, each with optional `with`.
  public static let start: [String] = ["run", "outcomes", "finish", "with"]
  /// The values of a `start` transition's `mode`.
  public static let startModes: [String] = ["push", "present"]
  /// The built-in type names of DSL v1 (`list<T>` and `T?` build on them).
  public static let builtinTypes: [String] = ["string", "int", "double", "bool", "url", "date"]
}
