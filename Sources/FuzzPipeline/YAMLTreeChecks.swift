import FlowGraphCore
import FlowGraphYAML
import FuzzSupport

/// Invariants of a parsed YAML document: every node inside the file with its
/// start before its end, mapping keys that are scalars and unique.
enum YAMLTreeChecks {
  static func check(_ document: YAMLDocument, lines: SourceLines) {
    var visited: Set<Int32> = []
    var pending = [document.root]
    while let node = pending.popLast() {
      guard visited.insert(node.index).inserted else { continue }
      let range = node.range
      for position in [range.start, range.end] {
        if let problem = lines.problem(with: position) {
          FuzzCheck.fail(
            "yaml tree: a \(node.kind) node at \(range.start.line):\(range.start.column): \(problem)"
          )
        }
      }
      FuzzCheck.require(range.start <= range.end, "yaml tree: a node ends before it starts")
      switch node.kind {
      case .scalar:
        FuzzCheck.require(node.text != nil, "yaml tree: a scalar without text")
      case .sequence:
        pending.append(contentsOf: node.items)
      case .mapping:
        var keys: Set<String> = []
        for pair in node.pairs {
          guard let key = pair.key.text else {
            FuzzCheck.fail(
              "yaml tree: a mapping key that is not a scalar at \(pair.key.start.line):\(pair.key.start.column)"
            )
          }
          FuzzCheck.require(
            keys.insert(key).inserted,
            "yaml tree: the key '\(key)' twice in one mapping at \(range.start.line):\(range.start.column)"
          )
          pending.append(pair.key)
          pending.append(pair.value)
        }
      }
    }
  }
}
