extension SyntaxDecoder {
  /// A screen whose map held a duplicate key (reported as `duplicate-key`,
  /// and dropped with all it held: a second `actions`, an action written
  /// twice) may be missing actions. Each dropped key inside the screen
  /// stands in the graph as a misspelled key does, an action whose
  /// transition did not compile, so that no analysis draws conclusions from
  /// what it would have done: the screens only it shows are not also
  /// `unreachable-screen` (SPEC §3, one mistake gives one finding).
  mutating func noteDroppedKeys(in value: YAMLNode, of syntax: inout ScreenSyntax) {
    let document = value.document
    let start = document.startOffset(Int(value.index))
    let end = document.endOffset(Int(value.index))
    for key in document.droppedKeys {
      let offset = document.startOffset(Int(key))
      guard offset >= start, offset < end else { continue }
      let node = YAMLNode(document: document, index: key)
      let text = node.text ?? ""
      // Named apart from the key it repeats (an action's name is kept by
      // the first): the stand-in is never shown or run, as the graph has
      // an error.
      syntax.unknownKeys.append(SyntaxName(text: "\(text)@\(offset)", range: range(node)))
      if text == "params" { syntax.mayMissParams = true }
    }
  }
}
