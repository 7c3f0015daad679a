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
    // A key inside the screen comes after its map in the arena; the nodes
    // before it may be given back already (their offsets are not read).
    for dropped in document.droppedKeys where dropped.key > value.index {
      let offset = document.startOffset(Int(dropped.key))
      guard offset >= start, offset < end else { continue }
      noteDroppedKey(YAMLNode(document: document, index: dropped.key), of: &syntax)
    }
  }

  /// A screen written twice in one `screens` map: the first is used, and
  /// the second (dropped, with its actions) stands in it as a misspelled
  /// key does, for the same reason as ``noteDroppedKeys(in:of:)``.
  mutating func noteRepeatedScreen(_ key: YAMLNode, of syntax: inout ScreenSyntax) {
    let document = key.document
    for dropped in document.droppedKeys where dropped.first == key.index {
      noteDroppedKey(YAMLNode(document: document, index: dropped.key), of: &syntax)
      syntax.mayMissParams = true
    }
  }

  private mutating func noteDroppedKey(_ node: YAMLNode, of syntax: inout ScreenSyntax) {
    let text = node.text ?? ""
    // Named apart from the key it repeats (an action's name is kept by the
    // first): the stand-in is never shown or run, as the graph has an error.
    let offset = node.document.startOffset(Int(node.index))
    syntax.unknownKeys.append(SyntaxName(text: "\(text)@\(offset)", range: range(node)))
    if text == "params" { syntax.mayMissParams = true }
  }

  /// Whether a definition may be missing parts because of a duplicate key
  /// (each reported as `duplicate-key`, the first pair used): a pair
  /// dropped from its map (a second `screens` in a flow, a second `enum`),
  /// or a second definition of the same name dropped (a flow, task or type
  /// written twice). Such a definition is judged as one with a misspelled
  /// key is: what the dropped part holds is not also reported as missing.
  func mayMissPairs(_ key: YAMLNode, _ value: YAMLNode) -> Bool {
    guard !key.document.droppedKeys.isEmpty else { return false }
    return key.isRepeatedKey || (value.kind == .mapping && value.hasDroppedPairs)
  }
}
