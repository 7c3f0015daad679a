import FlowGraphCore

extension SyntaxDecoder {
  /// Decodes a whole file (SPEC §2.1).
  mutating func decode(_ document: YAMLDocument) -> DocumentSyntax {
    let root = document.root
    var syntax = DocumentSyntax(
      file: file, lines: document.lines, firstKey: range(root))
    if root.isNull || (root.kind == .mapping && root.pairs.isEmpty) {
      report(
        .unsupportedVersion, "the file is empty; a flow file starts with 'flowgraph: 1'",
        at: SourceRange(file: file, at: root.start))
      syntax.isDecoded = false
      return syntax
    }
    guard root.kind == .mapping else {
      report(
        .invalidValue,
        "a flow file must be a map with 'flowgraph: 1' and 'flows', not \(root.summary)",
        at: root.range)
      syntax.isDecoded = false
      return syntax
    }
    let rootPairs = root.pairs
    syntax.firstKey = range(rootPairs[0].key)
    guard checkVersion(rootPairs, firstKey: syntax.firstKey) else {
      syntax.isDecoded = false
      return syntax
    }
    for (key, value) in rootPairs {
      guard let name = self.text(key) else { continue }
      switch name {
      case "flowgraph": break
      case "entry": syntax.entry = reference(value, "the name of the flow to start first")
      case "imports": syntax.imports = imports(value)
      case "types":
        guard let entries = pairs(of: value, "'types'") else { continue }
        syntax.types.reserveCapacity(entries.count)
        for (typeKey, typeValue) in entries {
          syntax.types.append(typeDefinition(typeKey, typeValue))
        }
      case "tasks":
        guard let entries = pairs(of: value, "'tasks'") else { continue }
        syntax.tasks.reserveCapacity(entries.count)
        for (taskKey, taskValue) in entries {
          syntax.tasks.append(task(taskKey, taskValue))
        }
      case "flows":
        syntax.flowsKey = range(key)
        guard let entries = pairs(of: value, "'flows'") else { continue }
        syntax.flows.reserveCapacity(entries.count)
        for (flowKey, flowValue) in entries {
          var flow = flow(flowKey, flowValue)
          if document.mayRelease {
            flow.arenaRelease = FlowArenaRelease(
              document: document, ordinal: syntax.flows.count,
              point: document.releasePoint(after: flowValue))
          }
          syntax.flows.append(flow)
        }
      case "suppress": syntax.suppress = suppressList(value)
      default:
        reportUnknownKey(key, of: root, allowed: DSLKeys.document, in: "the file")
        syntax.hasUnknownKeys = true
        if value.kind == .mapping { syntax.mayMissDeclarations = true }
      }
    }
    // A second `flows`, `types` or `tasks` (dropped, and reported as
    // `duplicate-key`) may hold any name: what it defines is not also an
    // undefined name.
    if !document.droppedKeys.isEmpty, root.hasDroppedPairs { syntax.mayMissDeclarations = true }
    return syntax
  }

  /// Checks `flowgraph: 1`. Returns `false` when the file declares another
  /// version, whose keys may mean something else, or is a compiled graph's
  /// JSON (`format: flowgraph-graph`): it is not decoded further.
  private mutating func checkVersion(_ pairs: YAMLPairs, firstKey: SyntaxRange) -> Bool {
    guard let value = pairs.first(where: { $0.key.text == "flowgraph" })?.value else {
      if let format = pairs.first(where: { $0.key.text == "format" })?.value,
        format.text == "flowgraph-graph"
      {
        // The JSON `compile --format json` writes is YAML too: one finding
        // for what it is, not one for each key a flow file does not have.
        report(
          .unsupportedVersion,
          "this is a compiled graph (the JSON 'flowgraph compile --format json' writes), "
            + "not a flow file: load it with GraphJSONDecoder, or read the flow file it was "
            + "compiled from",
          at: format.range)
        return false
      }
      report(
        .unsupportedVersion, "missing 'flowgraph: 1' (the DSL version) at the top of the file",
        at: firstKey)
      return true
    }
    switch value.scalarValue {
    case .int(1):
      return true
    case .int(let version):
      report(
        .unsupportedVersion,
        "unsupported DSL version \(version); this flowgraph reads version 1 ('flowgraph: 1')",
        at: value.range)
      return false
    case .double(let version) where version != 1:
      report(
        .unsupportedVersion,
        "unsupported DSL version \(value.text ?? ""); this flowgraph reads version 1 ('flowgraph: 1')",
        at: value.range)
      return false
    default:
      // `"1"` and `1.0` mean 1: the fix writes it as the integer.
      let meansOne = ["1", "1.0"].contains(value.text ?? "")
      report(
        .unsupportedVersion,
        "the DSL version must be the integer 1 ('flowgraph: 1'), not \(value.summary)",
        at: value.range,
        fixes: meansOne ? [Diagnostic.Fix(replacing: value.range, with: "1")] : [])
      return true
    }
  }

  private mutating func imports(_ node: YAMLNode) -> [SyntaxName] {
    guard let items = items(of: node, "'imports'") else { return [] }
    var paths: [SyntaxName] = []
    for item in items {
      guard let text = item.text, !item.isNull, !text.isEmpty else {
        report(
          .invalidValue, "an import must be a relative file path, not \(item.summary)",
          at: item.range)
        continue
      }
      if text.utf8.first == UInt8(ascii: "/") {
        report(
          .invalidValue,
          "an import must be a path relative to this file, not the absolute path '\(text)'",
          at: item.range)
        continue
      }
      paths.append(SyntaxName(text: text, range: range(item)))
    }
    return paths
  }
}
