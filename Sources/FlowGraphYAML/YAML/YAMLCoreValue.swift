/// A scalar's value under the YAML 1.2 core schema.
public enum YAMLCoreValue: Hashable, Sendable {
  /// `~`, `null`, `Null`, `NULL`, an empty plain scalar, or `!!null`.
  case null
  /// `true`/`false` (any of their three spellings), or `!!bool`.
  case bool(Bool)
  /// A decimal, `0o` octal or `0x` hexadecimal integer that fits in `Int`.
  case int(Int)
  /// A float, `.inf`, `-.inf` or `.nan` (or a decimal integer too large for `Int`).
  case double(Double)
  /// Everything else: quoted and block scalars, `yes`, `no`, `on`, `off`…
  case string(String)
}
