import FlowGraphCore
import FlowGraphYAML
import Testing

/// The JSON Schema and the decoder must agree on which keys and words exist at
/// each place of a flow file: a key the decoder reads but the schema lacks gets
/// no completion and is flagged by editors; a key the schema offers but the
/// decoder refuses is an `unknown-key` the editor did not warn about.
@Suite("Schema drift")
struct SchemaDriftTests {
  /// A place of a flow file, with its names in the schema and in the decoder.
  enum Place: String, CaseIterable, Sendable {
    case document, flow, screen, task, typeDefinition, transition, start, field
    case navigation, keywords, startModes, builtinTypes, ruleIDs

    /// The names the decoder (``DSLKeys``) or the core (``RuleID``) knows here.
    var decoderNames: [String] {
      switch self {
      case .document: DSLKeys.document
      case .flow: DSLKeys.flow
      case .screen: DSLKeys.screen
      case .task: DSLKeys.task
      case .typeDefinition: DSLKeys.typeDefinition
      case .transition: DSLKeys.transition
      case .start: DSLKeys.start
      case .field: DSLKeys.field
      case .navigation: DSLKeys.navigation
      case .keywords: DSLKeys.keywords
      case .startModes: DSLKeys.startModes
      case .builtinTypes: DSLKeys.builtinTypes
      case .ruleIDs: RuleID.all.map(\.rawValue)
      }
    }

    /// The names the schema has here.
    func schemaNames(_ schema: [String: Any]) throws -> [String] {
      func keys(_ path: String...) throws -> [String] {
        Array(try SchemaFile.object(schema, at: path).keys)
      }
      switch self {
      case .document: return try keys("properties")
      case .flow: return try keys("$defs", "flow", "properties")
      case .screen: return try keys("$defs", "screen", "properties")
      case .task: return try keys("$defs", "task", "properties")
      case .typeDefinition: return try keys("$defs", "typeDefinition", "properties")
      case .transition:
        // Every transition key, plus `params` on an action's value.
        return try keys("$defs", "transitionFields", "properties")
          + keys("$defs", "actionMap", "properties")
      case .start:
        return try keys("$defs", "startRun", "properties")
          + keys("$defs", "startFinish", "properties")
      case .field: return try keys("$defs", "fieldWithDefault", "properties")
      case .navigation:
        // The first required key of each "exactly one navigation key" branch.
        let fields = try SchemaFile.object(schema, at: ["$defs", "transitionFields"])
        guard let branches = fields["oneOf"] as? [[String: Any]] else {
          throw SchemaFile.Problem("transitionFields has no oneOf of navigation keys")
        }
        return try branches.map { branch in
          guard let key = (branch["required"] as? [String])?.first else {
            throw SchemaFile.Problem("a navigation branch of transitionFields requires no key")
          }
          return key
        }
      case .keywords: return try SchemaFile.strings(schema, at: ["$defs", "keyword", "enum"])
      case .startModes:
        return try SchemaFile.strings(
          schema, at: ["$defs", "transitionFields", "properties", "mode", "enum"])
      case .builtinTypes:
        // The names a type may not take: the built-in types, and `list`.
        return try SchemaFile.strings(schema, at: ["$defs", "typeName", "not", "enum"])
          .filter { $0 != "list" }
      case .ruleIDs: return try SchemaFile.strings(schema, at: ["$defs", "ruleID", "enum"])
      }
    }
  }

  @Test("the schema and the decoder know the same names", arguments: Place.allCases)
  func sameNames(at place: Place) throws {
    let schemaNames = try place.schemaNames(SchemaFile.object())
    let onlyInSchema = Set(schemaNames).subtracting(place.decoderNames).sorted()
    let onlyInDecoder = Set(place.decoderNames).subtracting(schemaNames).sorted()
    #expect(
      onlyInSchema.isEmpty,
      "\(place.rawValue): in Schemas/flowgraph.schema.json but not in the decoder: \(onlyInSchema)"
    )
    #expect(
      onlyInDecoder.isEmpty,
      "\(place.rawValue): in the decoder but not in Schemas/flowgraph.schema.json: \(onlyInDecoder)"
    )
  }
}
