/// The keys DSL v1 allows at each place of a flow file (SPEC §2), in the order
/// the docs list them. The decoder reports any other key as `unknown-key`, and
/// the JSON Schema (`Schemas/flowgraph.schema.json`) must agree with these lists.
/// The screen and transition keys are ``DSLKey``'s (the decoder's hot loops
/// recognise them by byte), so the two cannot disagree.
package enum DSLKeys {
  /// The top level of a file.
  package static let document: [String] = [
    "flowgraph", "entry", "imports", "types", "tasks", "flows", "suppress",
  ]
  /// A flow (the value of a `flows` entry).
  package static let flow: [String] = [
    "description", "input", "results", "start", "screens", "suppress",
  ]
  /// A screen (the value of a `screens` entry).
  package static let screen: [String] = DSLKey.screen.map(\.text)
  /// A tab of a tabs screen in map form (SPEC §6.1): `{ flow, title, with, on }`.
  package static let tab: [String] = ["flow", "title", "with", "on"]
  /// A task (the value of a `tasks` entry).
  package static let task: [String] = ["description", "input", "outcomes"]
  /// A named type (the value of a `types` entry).
  package static let typeDefinition: [String] = ["description", "enum"]
  /// Every key of a map-form transition: the navigation keys, then `mode` and
  /// `on` (with `start`), `outcomes` (with `run`), `with`, `params` (on an
  /// action's value only), and `popTo` and `inclusive` (with `push`, and with
  /// `start` in mode push; SPEC §6.3).
  package static let transition: [String] = DSLKey.transition.map(\.text)
  /// The map form of a field (a param, an input, a payload field):
  /// `name: { type: T, default: LITERAL }` (SPEC §6.3).
  package static let field: [String] = ["type", "default"]
  /// The navigation keys of a map-form transition: exactly one per transition.
  package static let navigation: [String] = DSLKey.navigation.map(\.text)
  /// The keyword form of a transition (a plain string).
  package static let keywords: [String] = ["pop", "popToRoot", "dismiss", "stay"]
  /// Every key of a map-form flow `start`: `{ run: T, outcomes: {…} }` or
  /// `{ finish: R }`, each with optional `with`.
  package static let start: [String] = ["run", "outcomes", "finish", "with"]
  /// The values of a `start` transition's `mode`.
  package static let startModes: [String] = ["push", "present"]
  /// The built-in type names of DSL v1 (`list<T>` and `T?` build on them).
  package static let builtinTypes: [String] = ["string", "int", "double", "bool", "url", "date"]
}
