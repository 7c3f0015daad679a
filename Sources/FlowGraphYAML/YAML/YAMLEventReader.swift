internal import CFlowGraphLibYAML

/// Reads libyaml's raw event stream from bytes, with no DSL restriction: the
/// one owner of a `yaml_parser_t`, which it frees when it goes away.
///
/// The caller keeps the bytes alive (and unmoved) for the reader's lifetime.
final class YAMLEventReader {
  /// What libyaml reported when it stopped with an error.
  struct Failure {
    /// Whether the error came from the reader (invalid UTF-8, a control
    /// character…): its `problemMark` is then meaningless and `problemOffset`
    /// is the byte offset.
    var isReaderError: Bool
    var problem: String
    var problemOffset: Int
    var problemValue: Int
    var problemMark: yaml_mark_t
    var context: String?
    var contextMark: yaml_mark_t
  }

  private let parser: UnsafeMutablePointer<yaml_parser_t>
  /// The current event, valid after ``next()`` returned `true`.
  let event: UnsafeMutablePointer<yaml_event_t>
  private var hasEvent = false
  private var initialized = false
  /// A byte to point libyaml at when the input is empty (it wants non-NULL input).
  private let emptyInput: UnsafeMutablePointer<UInt8>

  /// Creates a reader over `bytes`.
  init(bytes: UnsafeBufferPointer<UInt8>) {
    parser = .allocate(capacity: 1)
    event = .allocate(capacity: 1)
    emptyInput = .allocate(capacity: 1)
    emptyInput.initialize(to: 0)
    initialized = yaml_parser_initialize(parser) == 1
    if initialized {
      let base = bytes.count > 0 ? bytes.baseAddress! : UnsafePointer(emptyInput)
      yaml_parser_set_input_string(parser, base, bytes.count)
    }
  }

  deinit {
    if hasEvent { yaml_event_delete(event) }
    if initialized { yaml_parser_delete(parser) }
    event.deallocate()
    emptyInput.deallocate()
    parser.deallocate()
  }

  /// Moves to the next event; `false` when libyaml reports an error.
  @inline(__always)
  func next() -> Bool {
    if hasEvent {
      yaml_event_delete(event)
      hasEvent = false
    }
    guard initialized, yaml_parser_parse(parser, event) == 1 else { return false }
    hasEvent = true
    return true
  }

  /// The error libyaml reported (after ``next()`` returned `false`).
  var failure: Failure {
    let p = parser.pointee
    guard initialized else {
      return Failure(
        isReaderError: false, problem: "libyaml could not allocate its parser", problemOffset: 0,
        problemValue: -1, problemMark: yaml_mark_t(), context: nil, contextMark: yaml_mark_t())
    }
    return Failure(
      isReaderError: p.error == YAML_READER_ERROR,
      problem: p.problem.map { String(cString: $0) } ?? "libyaml reported an error",
      problemOffset: p.problem_offset,
      problemValue: Int(p.problem_value),
      problemMark: p.problem_mark,
      context: p.context.map { String(cString: $0) },
      contextMark: p.context_mark)
  }
}
