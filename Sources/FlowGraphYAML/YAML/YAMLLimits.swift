/// Safety limits that turn hostile input into a `yaml-limit` finding instead
/// of a crash, a hang or unbounded memory (SPEC §2.7).
public struct YAMLLimits: Hashable, Sendable {
  /// The largest file read, in bytes (checked before parsing). Default 8 MiB.
  public var maxFileSize: Int
  /// The longest scalar, in bytes. Default 64 KiB.
  public var maxScalarLength: Int
  /// The deepest nesting of mappings and sequences. Default 64.
  public var maxDepth: Int
  /// The most nodes that alias expansion may add. Default 100,000.
  public var maxAliasNodes: Int

  /// Creates limits; every argument defaults to the documented default.
  public init(
    maxFileSize: Int = 8 << 20,
    maxScalarLength: Int = 64 << 10,
    maxDepth: Int = 64,
    maxAliasNodes: Int = 100_000
  ) {
    self.maxFileSize = maxFileSize
    self.maxScalarLength = maxScalarLength
    self.maxDepth = maxDepth
    self.maxAliasNodes = maxAliasNodes
  }

  /// The defaults.
  public static let `default` = YAMLLimits()
}
