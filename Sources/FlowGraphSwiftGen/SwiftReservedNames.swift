/// The type names a generated namespace may not declare, nor a flow file's
/// namespace be: each would shadow a name the generated code or Swift needs.
enum SwiftReservedNames {
  /// The type names the generated code declares in every namespace.
  static let declared: Set<String> = [
    "Screen", "Event", "Flow", "FlowResult", "NavigationChange", "Navigator", "TaskHooks",
    "Runner", "Bridge", "Value",
  ]

  /// Names Swift gives a meaning of its own as a type (`enum Self` is not a
  /// declaration Swift accepts, nor `enum _`: a type or file named `-`).
  static let swift: Set<String> = ["Type", "Protocol", "Self", "Any", "AnyObject", "_"]

  /// Modules and types the generated code names unqualified, and the
  /// standard types an app's code around it names: a declaration of one of
  /// them would shadow Swift's own.
  static let used: Set<String> = [
    "Swift", "FlowGraphCore", "Foundation", "String", "Int", "Double", "Bool", "URL", "Date",
    "Optional", "Array", "Dictionary", "Set", "Result", "Hashable", "Equatable", "Sendable",
    "CaseIterable", "Error", "Duration", "Actor", "MainActor", "Task", "Void", "Never",
  ]

  /// SwiftUI's types that an app's own declarations name unqualified
  /// (`@main struct MyApp: App`, `var body: some View`): a namespace of one
  /// of these names compiles, but shadows SwiftUI's in the app's module.
  static let swiftUI: Set<String> = [
    "App", "Scene", "View", "Text", "Image", "Button", "List", "Form", "Color", "Label", "Link",
    "Menu", "Section", "Group", "Toggle", "Picker", "Settings", "Window", "Tab", "TabView",
    "NavigationStack", "NavigationLink",
  ]

  /// Every reserved name.
  static var all: Set<String> { declared.union(swift).union(used) }

  /// Why `name` may not be a type the generated code declares, or `nil` when it may.
  static func reason(_ name: String) -> String? {
    if declared.contains(name) { return "which the generated code declares in every namespace" }
    if swift.contains(name) { return "which Swift reserves" }
    if used.contains(name) {
      return "which would shadow the '\(name)' that the generated code uses"
    }
    return nil
  }
}
