/// Every ``SourceSpan`` of a graph's model, visited in one fixed order: what
/// makes two graphs equal when their model values are equal and their spans
/// stand for the same ranges, however each map keeps them (a graph compiled
/// from YAML, and the same graph read back from the readable JSON, whose
/// ranges are explicit).
extension FlowGraph {
  /// The model with every span replaced by `transform` of it.
  struct SpanMappedModel: Equatable {
    var flows: [Flow]
    var screens: [Screen]
    var tasks: [TaskDefinition]
    var types: [TypeDefinition]
  }

  /// The model with every span replaced by `transform` of it, in a fixed order.
  func mappingSpans(_ transform: (SourceSpan) -> SourceSpan) -> SpanMappedModel {
    withoutActuallyEscaping(transform) { transform in
      var mapper = SpanMapper(transform: transform)
      return SpanMappedModel(
        flows: flows.map { mapper.flow($0) }, screens: mapper.screens(screens),
        tasks: tasks.map { mapper.task($0) }, types: types.map { mapper.type($0) })
    }
  }

  /// The model with each span replaced by its index in the list of resolved
  /// ranges, and that list: equal for two graphs exactly when their models
  /// and the ranges their spans stand for are equal.
  func resolvedModel() -> (model: SpanMappedModel, ranges: [SourceRange?]) {
    var ranges: [SourceRange?] = []
    let model = mappingSpans { span in
      ranges.append(range(span))
      let index = UInt32(ranges.count - 1)
      return SourceSpan(file: SourceSpan.explicitFile, start: index, end: index)
    }
    return (model, ranges)
  }
}

/// Walks the model values, replacing each span.
private struct SpanMapper {
  let transform: (SourceSpan) -> SourceSpan

  mutating func map(_ span: SourceSpan?) -> SourceSpan? { span.map(transform) }

  mutating func flow(_ flow: Flow) -> Flow {
    var flow = flow
    flow.span = map(flow.span)
    flow.extentSpan = map(flow.extentSpan)
    flow.input = flow.input.map { $0.mappingSpan(transform) }
    flow.results = flow.results.map { result in
      var result = result
      result.span = map(result.span)
      result.payload = result.payload.map { $0.mappingSpan(transform) }
      return result
    }
    flow.start = start(flow.start)
    return flow
  }

  mutating func start(_ start: FlowStart) -> FlowStart {
    var start = start
    start.span = map(start.span)
    start.arguments = start.arguments.map { $0.mappingSpan(transform) }
    if case .run(let task, let outcomes) = start.kind {
      start.kind = .run(task, outcomes: outcomes.map { self.start($0) })
    }
    return start
  }

  mutating func screens(_ screens: ScreenList) -> [Screen] {
    var writer = GraphTableWriter()
    for screen in screens { writer.append(ScreenValue(screen, mapping: transform)) }
    let tables = writer.finish()
    return (0..<tables.screens.count).map { Screen(tables: tables, index: UInt32($0)) }
  }

  mutating func task(_ task: TaskDefinition) -> TaskDefinition {
    var task = task
    task.span = map(task.span)
    task.input = task.input.map { $0.mappingSpan(transform) }
    task.outcomes = task.outcomes.map { outcome in
      var outcome = outcome
      outcome.span = map(outcome.span)
      outcome.payload = outcome.payload.map { $0.mappingSpan(transform) }
      return outcome
    }
    return task
  }

  mutating func type(_ type: TypeDefinition) -> TypeDefinition {
    var type = type
    type.span = map(type.span)
    return type
  }
}
