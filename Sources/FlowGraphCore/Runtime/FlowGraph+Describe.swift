extension FlowGraph {
  /// A shown screen with its name and param values, for logs and debugging:
  /// `post(postId=42, title=Hi)`, `feed`, values as `--events` writes them.
  /// (A ``ScreenInstance`` holds ids; the names are the graph's.)
  public func describe(_ instance: ScreenInstance) -> String {
    guard instance.screen.index >= 0, instance.screen.index < screens.count else {
      return "\(instance.screen)"
    }
    let screen = screens[instance.screen.index]
    guard !instance.params.isEmpty else { return screen.name }
    let names = screen.params.map(\.name)
    let values = instance.params.enumerated().map { index, value in
      let name = index < names.count ? names[index] : "\(index)"
      return "\(name)=\(value.eventSyntax)"
    }
    return "\(screen.name)(\(values.joined(separator: ", ")))"
  }

  /// A tab bar as shown, for logs and debugging: the tabs screen, then each
  /// tab with its stack, the selected one marked `*`:
  /// `main: home* [feed, post(postId=42)], search [discover]`.
  public func describe(_ tabs: TabsShown) -> String {
    let items = tabs.names.enumerated().map { index, name in
      let stack = index < tabs.stacks.count ? tabs.stacks[index].map(describe) : []
      let mark = index == tabs.selected ? "*" : ""
      return "\(name)\(mark) [\(stack.joined(separator: ", "))]"
    }
    return "\(describe(tabs.screen)): \(items.joined(separator: ", "))"
  }
}
