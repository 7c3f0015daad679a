import FlowGraphCore

extension SyntaxDecoder {
  /// Appends a screen (SPEC §2.3) to `screens`. A screen indented into this
  /// one (a key with a screen's shape) is reported and added to `nested`, to
  /// be decoded as the flow's next screen.
  ///
  /// The screen is decoded in its place in the list: a screen's syntax is
  /// large, and returning it would copy it.
  mutating func appendScreen(
    _ key: YAMLNode, _ value: YAMLNode, to screens: inout [ScreenSyntax],
    nested: inout [(key: YAMLNode, value: YAMLNode)]
  ) {
    let name = definedName(
      key, "screen", reserved: NameRules.reservedScreenNames,
      reason: "it is a transition keyword (pop, popToRoot, dismiss, stay)")
    screens.append(ScreenSyntax(name: name, extent: extent(key, value)))
    screen(value, into: &screens[screens.count - 1], nested: &nested)
    if !key.document.droppedKeys.isEmpty {
      noteRepeatedScreen(key, of: &screens[screens.count - 1])
    }
  }

  /// Decodes the value of screen `syntax` (its name and extent already set).
  private mutating func screen(
    _ value: YAMLNode, into syntax: inout ScreenSyntax,
    nested: inout [(key: YAMLNode, value: YAMLNode)]
  ) {
    let name = syntax.name
    guard let entries = pairs(of: value, "screen '\(name.text)'") else {
      // Not a map: the screen's actions are unknown, so that no analysis
      // concludes anything from them (as for a misspelled key).
      syntax.unknownKeys.append(SyntaxName(text: value.text ?? "", range: range(value)))
      syntax.mayMissParams = true
      return
    }
    if !value.document.droppedKeys.isEmpty { noteDroppedKeys(in: value, of: &syntax) }
    var tabKeys = TabKeys()
    for (entryKey, entryValue) in entries {
      switch self.key(entryKey) {
      case .tabs:
        syntax.tabBar = tabBar(entryKey, entryValue, screen: name.text)
      case .selected: tabKeys.selected = (entryKey, entryValue)
      case .on: tabKeys.on = (entryKey, entryValue)
      case .actions:
        tabKeys.actions = entryKey
        screenEntry(entryKey, entryValue, in: value, of: &syntax, nested: &nested)
      case .back:
        tabKeys.back = entryKey
        screenEntry(entryKey, entryValue, in: value, of: &syntax, nested: &nested)
      default: screenEntry(entryKey, entryValue, in: value, of: &syntax, nested: &nested)
      }
    }
    finishTabs(of: &syntax, tabKeys)
  }

  /// The keys of a screen that only a tabs screen has, or that a tabs screen
  /// must not have (SPEC §6.1).
  private struct TabKeys {
    var selected: (key: YAMLNode, value: YAMLNode)?
    var on: (key: YAMLNode, value: YAMLNode)?
    var actions: YAMLNode?
    var back: YAMLNode?
  }

  /// `selected` and `on` on a tabs screen; `unknown-key` for them on a screen
  /// without `tabs`, and for `actions` and `back` on a tabs screen.
  private mutating func finishTabs(of syntax: inout ScreenSyntax, _ keys: TabKeys) {
    guard var bar = syntax.tabBar else {
      // Most screens have neither key: no list of them is made.
      guard keys.selected != nil || keys.on != nil else { return }
      let name = syntax.name.text
      for key in [keys.selected?.key, keys.on?.key].compactMap({ $0 }) {
        reportMisplacedKey(
          key,
          "'\(key.text ?? "")' belongs to a tabs screen, and screen '\(name)' has no 'tabs'")
        syntax.unknownKeys.append(SyntaxName(text: key.text ?? "", range: range(key)))
      }
      return
    }
    let name = syntax.name.text
    for key in [keys.actions, keys.back].compactMap({ $0 }) {
      reportMisplacedKey(
        key,
        "tabs screen '\(name)' has no '\(key.text ?? "")': what the user does happens in its tabs' flows"
      )
    }
    syntax.actionsNode = nil
    syntax.backNode = nil
    if let selected = keys.selected {
      bar.selected = reference(selected.value, "a tab name")
    }
    if let on = keys.on {
      bar.handlers = handlers(on.value, "'on'")
    }
    syntax.tabBar = bar
  }

  /// One `key: value` entry of a screen; `mapping`: the screen's map, when
  /// the entry is one of its keys (not a key dedented out of it).
  mutating func screenEntry(
    _ entryKey: YAMLNode, _ entryValue: YAMLNode, in mapping: YAMLNode?,
    of syntax: inout ScreenSyntax,
    nested: inout [(key: YAMLNode, value: YAMLNode)]
  ) {
    let name = syntax.name
    switch self.key(entryKey) {
    case .title: syntax.title = text(of: entryValue, "'title'")
    case .description: syntax.description = text(of: entryValue, "'description'")
    case .params: syntax.params = parameters(entryValue, "the params of screen '\(name.text)'")
    case .actions:
      syntax.actionsNode = entryValue
      // Almost always none: then no append is made (appending nothing to
      // `nested` still reallocated its empty buffer).
      let indented = screensIndented(intoActions: entryValue)
      if !indented.isEmpty {
        syntax.indentedScreenValues += indented.map(\.value.index)
        nested += indented
      }
    case .back: syntax.backNode = entryValue
    case .dismissible:
      syntax.dismissible = bool(of: entryValue, "'dismissible'") ?? true
    case .deeplink:
      guard let text = entryValue.text, !entryValue.isNull else {
        report(
          .invalidValue,
          "'deeplink' must be a path pattern such as /posts/{postId}, not \(entryValue.summary)",
          at: entryValue.range)
        return
      }
      syntax.deeplink = SyntaxName(text: text, range: range(entryValue))
    case .suppress: syntax.suppress = suppressList(entryValue)
    case .other where hasScreenShape(entryValue):
      reportIndentedScreen(
        entryKey, keys: screenShape(entryValue) ?? [], place: "a key of screen '\(name.text)'")
      nested.append((entryKey, entryValue))
    default:
      reportUnknownKey(entryKey, of: mapping, allowed: DSLKeys.screen, in: "screen '\(name.text)'")
      syntax.unknownKeys.append(
        SyntaxName(text: self.text(entryKey) ?? "", range: range(entryKey)))
      if entryValue.kind == .mapping { syntax.mayMissParams = true }
    }
  }

  /// The entries of a screen's `actions` value (`nil` when it has none or
  /// when the value is not a map, which is reported): the compiler decodes
  /// each with ``action(_:_:isIndentedScreen:)`` as it compiles it, so no array of action
  /// syntax is built.
  mutating func actionEntries(of screen: ScreenSyntax) -> YAMLPairs? {
    guard let node = screen.actionsNode else { return nil }
    return pairs(of: node, "the actions of screen '\(screen.name.text)'")
  }

  /// A screen's `back` (its default, `pop`, when it has none).
  mutating func back(of screen: ScreenSyntax) -> ScreenSyntax.Back {
    screen.backNode.map { back($0) } ?? .pop
  }

  /// One entry of a screen's `actions`; `isIndentedScreen`: its value is a
  /// screen indented into the actions (``ScreenSyntax/indentedScreenValues``).
  mutating func action(_ key: YAMLNode, _ value: YAMLNode, isIndentedScreen: Bool)
    -> ActionSyntax
  {
    let name = definedName(
      key, "action", reserved: NameRules.reservedActionNames,
      reason:
        "it is the name of a system event (use 'back:' on the screen to change what back does)"
    )
    if isIndentedScreen {
      reportIndentedScreen(key, keys: screenShape(value) ?? [], place: "an action")
      return ActionSyntax(name: name, params: [], transition: .invalid(at: range(value)))
    }
    let (transition, params) = transition(value, allowsParams: true)
    return ActionSyntax(name: name, params: params, transition: transition)
  }
}
