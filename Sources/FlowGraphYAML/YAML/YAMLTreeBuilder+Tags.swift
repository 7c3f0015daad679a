import FlowGraphCore

extension YAMLTreeBuilder {
  static let corePrefix = "tag:yaml.org,2002:"

  /// The core tag named by `tag`, or `nil` when it is not one of the core schema's.
  static func coreTag(_ tag: String) -> YAMLScalar.Tag? {
    guard tag.hasPrefix(corePrefix) else { return nil }
    switch tag.dropFirst(corePrefix.count) {
    case "str": return .str
    case "int": return .int
    case "float": return .float
    case "bool": return .bool
    case "null": return .null
    case "seq": return .seq
    case "map": return .map
    default: return nil
    }
  }

  /// Resolves a scalar's explicit tag, reporting one that is not allowed
  /// or whose text does not fit it.
  mutating func scalarTag(_ tag: String, text: String, at range: SourceRange) -> YAMLScalar.Tag {
    if tag == "!" { return .str }
    guard let core = Self.coreTag(tag) else {
      report(YAMLFindings.unsupportedTag(tag, at: range))
      return .none
    }
    let fits: Bool
    switch core {
    case .none, .str: fits = true
    case .seq, .map:
      report(YAMLFindings.tagMismatch(tag, kind: "scalar", at: range))
      return .none
    case .null: fits = YAMLScalar.isNull(text)
    case .bool: fits = YAMLScalar.resolveBool(text) != nil
    case .int:
      if case .int? = YAMLScalar.resolveInt(text) { fits = true } else { fits = false }
    case .float: fits = YAMLScalar.resolveFloat(text) != nil || YAMLScalar.resolveInt(text) != nil
    }
    if !fits { report(YAMLFindings.taggedValueMismatch(text, tag: tag, at: range)) }
    return core
  }

  /// Resolves a collection's explicit tag, reporting one that is not allowed.
  mutating func collectionTag(_ tag: String, kind: YAMLNode.Kind, at range: SourceRange)
    -> YAMLScalar.Tag
  {
    if tag == "!" { return .none }
    guard let core = Self.coreTag(tag) else {
      report(YAMLFindings.unsupportedTag(tag, at: range))
      return .none
    }
    let expected: YAMLScalar.Tag = kind == .mapping ? .map : .seq
    guard core == expected else {
      report(
        YAMLFindings.tagMismatch(tag, kind: kind == .mapping ? "mapping" : "sequence", at: range))
      return .none
    }
    return core
  }
}
