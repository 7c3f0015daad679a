internal import CFlowGraphLibYAML

extension YAMLScalar.Style {
  /// The style of a libyaml scalar event.
  @inline(__always)
  init(_ style: yaml_scalar_style_t) {
    switch style {
    case YAML_SINGLE_QUOTED_SCALAR_STYLE: self = .singleQuoted
    case YAML_DOUBLE_QUOTED_SCALAR_STYLE: self = .doubleQuoted
    case YAML_LITERAL_SCALAR_STYLE: self = .literal
    case YAML_FOLDED_SCALAR_STYLE: self = .folded
    default: self = .plain
    }
  }
}
