extension FlowGraph {
  /// The deterministic value that generated runs give a field (an action's
  /// param, an outcome's payload field, a flow's input): the one place that
  /// makes a sample value, so that a field's declared default can take over
  /// here once defaults exist.
  ///
  /// A `string` is the field's name, an `int` 1, a `double` 1.5, a `bool`
  /// `true`, a `url` `https://example.com/NAME`, a `date` `2026-01-01`, an
  /// enum its first case, a `list<T>` one sample element, and an optional
  /// its wrapped type's sample.
  public func sampleValue(for field: Parameter) -> Value {
    sampleValue(of: field.type, name: field.name)
  }

  /// The sample values of fields, in their order.
  public func sampleValues(for fields: some Sequence<Parameter>) -> [Value] {
    fields.map(sampleValue(for:))
  }

  private func sampleValue(of type: ValueType, name: String) -> Value {
    switch type {
    case .string: .string(name.isEmpty ? "text" : name)
    case .int: .int(1)
    case .double: .double(1.5)
    case .bool: .bool(true)
    case .url: .url("https://example.com/" + (name.isEmpty ? "page" : name))
    case .date: .date("2026-01-01")
    case .list(let element): .list([sampleValue(of: element, name: name)])
    case .optional(let wrapped): sampleValue(of: wrapped, name: name)
    case .named(let id):
      .string(id.index >= 0 && id.index < types.count ? types[id.index].cases.first ?? "" : "")
    }
  }
}
