internal import CFlowGraphLibYAML

/// One raw libyaml event, as Swift values: the event layer below the DSL's
/// restrictions (used to check libyaml against the YAML test suite).
enum YAMLEvent: Hashable, Sendable {
  case streamStart
  case streamEnd
  case documentStart(implicit: Bool)
  case documentEnd(implicit: Bool)
  case mappingStart(anchor: String?, tag: String?, flow: Bool)
  case mappingEnd
  case sequenceStart(anchor: String?, tag: String?, flow: Bool)
  case sequenceEnd
  case scalar(value: String, anchor: String?, tag: String?, style: YAMLScalar.Style)
  case alias(anchor: String)

  /// Every event of `bytes`, and libyaml's error message when it stopped
  /// with one (the events before the error are kept).
  static func events(of bytes: [UInt8]) -> (events: [YAMLEvent], error: String?) {
    bytes.withUnsafeBufferPointer { buffer in
      let reader = YAMLEventReader(bytes: buffer)
      var events: [YAMLEvent] = []
      while true {
        guard reader.next() else { return (events, reader.failure.problem) }
        let event = YAMLEvent(reader.event.pointee)
        events.append(event)
        if event == .streamEnd { return (events, nil) }
      }
    }
  }

  init(_ event: yaml_event_t) {
    func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
      pointer.map { String(cString: $0) }
    }
    switch event.type {
    case YAML_STREAM_START_EVENT: self = .streamStart
    case YAML_DOCUMENT_START_EVENT:
      self = .documentStart(implicit: event.data.document_start.implicit != 0)
    case YAML_DOCUMENT_END_EVENT:
      self = .documentEnd(implicit: event.data.document_end.implicit != 0)
    case YAML_MAPPING_START_EVENT:
      let data = event.data.mapping_start
      self = .mappingStart(
        anchor: string(data.anchor), tag: string(data.tag),
        flow: data.style == YAML_FLOW_MAPPING_STYLE)
    case YAML_MAPPING_END_EVENT: self = .mappingEnd
    case YAML_SEQUENCE_START_EVENT:
      let data = event.data.sequence_start
      self = .sequenceStart(
        anchor: string(data.anchor), tag: string(data.tag),
        flow: data.style == YAML_FLOW_SEQUENCE_STYLE)
    case YAML_SEQUENCE_END_EVENT: self = .sequenceEnd
    case YAML_SCALAR_EVENT:
      let data = event.data.scalar
      let style = YAMLScalar.Style(data.style)
      self = .scalar(
        value: String(
          decoding: UnsafeBufferPointer(start: data.value, count: data.length), as: UTF8.self),
        anchor: string(data.anchor), tag: string(data.tag), style: style)
    case YAML_ALIAS_EVENT: self = .alias(anchor: string(event.data.alias.anchor) ?? "")
    default: self = .streamEnd
    }
  }
}
