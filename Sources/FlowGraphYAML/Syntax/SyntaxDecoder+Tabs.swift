import FlowGraphCore

extension SyntaxDecoder {
  /// A screen's `tabs` value (SPEC §6.1): a map of at least two tabs.
  mutating func tabBar(_ key: YAMLNode, _ value: YAMLNode, screen: String) -> TabBarSyntax {
    var bar = TabBarSyntax(key: SyntaxName(text: "tabs", range: range(key)))
    guard let entries = pairs(of: value, "the tabs of screen '\(screen)'") else {
      bar.isIncomplete = true
      bar.namesInMalformedTabs = namesWritten(in: value)
      return bar
    }
    for (tabKey, tabValue) in entries {
      if let tab = tab(tabKey, tabValue) {
        bar.tabs.append(tab)
      } else {
        bar.isIncomplete = true
        if let (text, entry) = textEntry(tabKey) {
          bar.brokenTabNames.append(text)
          // A tab with no flow probably meant the flow of its own name: that
          // flow is not reported as never started too.
          bar.namesInMalformedTabs.append(
            SyntaxName(text: text, range: range(tabKey), entry: entry))
        }
      }
    }
    if entries.isEmpty {
      report(
        .invalidValue,
        "a tabs screen needs at least two tabs, but screen '\(screen)' has none: add a tab per flow it shows, such as 'feed: { flow: feed, title: Feed }', or show one flow with 'start' instead",
        at: key.range)
    } else if entries.count < 2 {
      report(
        .invalidValue,
        "a tabs screen needs at least two tabs, but screen '\(screen)' has one: add another tab, or show the tab's flow with 'start' instead",
        at: key.range)
    }
    return bar
  }

  /// The scalars of a `tabs` value that is not a map: the value itself, or
  /// the items of a list and the keys and values of the maps in it
  /// (`- feed: { flow: feed }`). Nothing is reported: the value's finding is.
  private func namesWritten(in value: YAMLNode) -> [SyntaxName] {
    func name(_ node: YAMLNode) -> SyntaxName? {
      guard node.kind == .scalar, let (text, entry) = textEntry(node) else { return nil }
      return SyntaxName(text: text, range: range(node), entry: entry)
    }
    guard value.kind == .sequence else { return name(value).map { [$0] } ?? [] }
    var names: [SyntaxName] = []
    for item in value.items {
      if item.kind == .mapping {
        for (key, entry) in item.pairs {
          names += [name(key), name(entry)].compactMap { $0 }
          if entry.kind == .mapping {
            names += entry.pairs.compactMap { name($0.value) }
          }
        }
      } else if let scalar = name(item) {
        names.append(scalar)
      }
    }
    return names
  }

  /// One tab: `name: flow` or `name: { flow, title, with, on }`.
  private mutating func tab(_ key: YAMLNode, _ value: YAMLNode) -> TabSyntax? {
    let name = definedName(key, "tab")
    guard value.kind == .mapping else {
      guard let flow = reference(value, "a flow name or a map such as { flow: feed, title: Feed }")
      else { return nil }
      return TabSyntax(name: name, flow: flow)
    }
    var flow: SyntaxName?
    var tab = TabSyntax(name: name, flow: SyntaxName(text: "", range: range(value)))
    var broken = false
    for (entryKey, entryValue) in value.pairs {
      switch self.key(entryKey) {
      case .flow:
        flow = reference(entryValue, "a flow name")
        if flow == nil { broken = true }
      case .title: tab.title = text(of: entryValue, "'title'")
      case .with: tab.with = withBindings(entryValue)
      case .on: tab.handlers = handlers(entryValue, "'on'")
      default:
        reportUnknownKey(entryKey, of: value, allowed: DSLKeys.tab, in: "tab '\(name.text)'")
        tab.hasUnknownKeys = true
      }
    }
    guard let flow else {
      if !broken && !tab.hasUnknownKeys {
        report(
          .invalidValue, "tab '\(name.text)' needs 'flow': the flow the tab runs", at: key.range)
      }
      return nil
    }
    tab.flow = flow
    return tab
  }
}
