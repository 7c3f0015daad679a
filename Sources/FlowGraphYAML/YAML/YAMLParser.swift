internal import CFlowGraphLibYAML
import FlowGraphCore

/// Parses one YAML document with libyaml's event API into a ``YAMLDocument``,
/// enforcing the YAML rules and safety limits of SPEC §2.7.
public struct YAMLParser: Sendable {
  /// The limits applied.
  public var limits: YAMLLimits

  /// Creates a parser.
  public init(limits: YAMLLimits = .default) {
    self.limits = limits
  }

  /// Parses `bytes` (the file's contents) as the file `file` (the size limit
  /// is checked first; a compiled graph, ``CompiledGraph``'s launch format,
  /// is one `yaml-syntax` finding). Returns the document, unless a finding
  /// other than `duplicate-key` makes the file unusable, and every finding
  /// (`yaml-syntax`, `yaml-limit`, `duplicate-key`) in source order.
  public func parse(_ bytes: [UInt8], file: String) -> (
    document: YAMLDocument?, diagnostics: [Diagnostic]
  ) {
    let start = SourceRange(file: file, at: SourcePosition(line: 1, column: 1, offset: 0))
    guard bytes.count <= limits.maxFileSize else {
      return (
        nil,
        [YAMLFindings.fileTooLarge(size: bytes.count, limit: limits.maxFileSize, at: start)]
      )
    }
    let encoding = bytes.withUnsafeBufferPointer { YAMLEncoding.detect($0) }
    guard encoding == .utf8 else { return (nil, [YAMLFindings.notUTF8(encoding, at: start)]) }
    return parse(source: .bytes(ContiguousArray(bytes)), file: file)
  }

  /// Parses UTF-8 bytes that fit the size limit; the document keeps `source`.
  func parse(source: YAMLSourceText, file: String) -> (
    document: YAMLDocument?, diagnostics: [Diagnostic]
  ) {
    source.withBytes { parse($0, source: source, file: file) }
  }

  /// Parses UTF-8 bytes that fit the size limit.
  private func parse(_ buffer: UnsafeBufferPointer<UInt8>, source: YAMLSourceText, file: String)
    -> (document: YAMLDocument?, diagnostics: [Diagnostic])
  {
    guard !CompiledGraph.hasMagic(buffer) else {
      let start = SourceRange(file: file, at: SourcePosition(line: 1, column: 1, offset: 0))
      return (nil, [YAMLFindings.compiledGraph(at: start)])
    }
    var builder = YAMLTreeBuilder(file: file, limits: limits, map: YAMLSourceMap(bytes: buffer))
    let reader = YAMLEventReader(bytes: buffer)
    var documents = 0
    var ended = false
    events: while !builder.stopped {
      guard reader.next() else {
        builder.reportLibYAMLFailure(reader.failure)
        break
      }
      let event = reader.event
      switch event.pointee.type {
      case YAML_SCALAR_EVENT: builder.scalar(event)
      case YAML_MAPPING_START_EVENT: builder.startCollection(event, isMapping: true)
      case YAML_MAPPING_END_EVENT: builder.endMapping(event)
      case YAML_SEQUENCE_START_EVENT: builder.startCollection(event, isMapping: false)
      case YAML_SEQUENCE_END_EVENT: builder.endSequence(event)
      case YAML_ALIAS_EVENT: builder.alias(event)
      case YAML_DOCUMENT_START_EVENT:
        documents += 1
        if documents > 1 {
          let at = builder.map.position(event.pointee.start_mark)
          builder.report(
            YAMLFindings.secondDocument(at: SourceRange(file: file, at: at)), fatal: true)
        }
      case YAML_STREAM_END_EVENT:
        ended = true
        break events
      default: continue
      }
    }
    if ended, documents == 0 {
      builder.report(
        YAMLFindings.noDocument(
          at: SourceRange(
            file: file,
            at: SourcePosition(line: 1, column: 1, offset: builder.map.bomLength))))
    }
    let document = builder.finish(source: source)
    return (document, builder.diagnostics.sorted(by: Diagnostic.sourceOrder))
  }
}

extension YAMLTreeBuilder {
  /// Reports the error that stopped libyaml, positioned from `problem_offset`
  /// for reader errors (whose `problem_mark` stays at the start); invalid
  /// UTF-8 at the first byte of the invalid sequence (libyaml gives the
  /// offset of a bad continuation byte after it), said plainly.
  mutating func reportLibYAMLFailure(_ failure: YAMLEventReader.Failure) {
    if failure.isReaderError, let kind = YAMLBinaryFile.kind(of: map.bytes) {
      report(
        YAMLBinaryFile.finding(kind, at: SourceRange(file: file, at: map.position(ofByte: 0))),
        fatal: true)
      return
    }
    if failure.isReaderError, !failure.problem.hasPrefix("control characters"),
      let found = map.invalidUTF8(endingAt: failure.problemOffset)
    {
      let at = SourceRange(file: file, at: map.position(ofByte: found.offset))
      report(YAMLFindings.invalidUTF8(found, in: map.bytes, at: at), fatal: true)
      return
    }
    if failure.isReaderError {
      let at = map.position(ofByte: failure.problemOffset)
      report(
        YAMLFindings.reader(
          failure.problem, value: failure.problemValue, at: SourceRange(file: file, at: at)),
        fatal: true)
      return
    }
    let at = SourceRange(file: file, at: map.position(failure.problemMark))
    let contextLine = failure.context == nil ? nil : map.position(failure.contextMark).line
    let diagnosis = YAMLShapeDiagnosis(bytes: map.bytes, lineStarts: map.lines.lineStarts)
    if let cause = diagnosis.diagnose(
      problem: failure.problem, problemLine: at.start.line, contextLine: contextLine)
    {
      let at = range(cause.start, cause.end)
      report(
        Diagnostic(
          .yamlSyntax, cause.message, at: at, notes: cause.help.map { [.help($0)] } ?? [],
          fixes: cause.replacement.map { [Diagnostic.Fix(replacing: at, with: $0)] } ?? []),
        fatal: true)
      return
    }
    let contextRange = failure.context.map { _ in
      SourceRange(file: file, at: map.position(failure.contextMark))
    }
    report(
      YAMLFindings.libyaml(
        failure.problem, context: failure.context, at: at, contextRange: contextRange),
      fatal: true)
  }
}
