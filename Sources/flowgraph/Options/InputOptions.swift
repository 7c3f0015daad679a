import ArgumentParser
import FlowGraphYAML

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The input limits every subcommand that reads flows takes (SPEC §4).
struct InputOptions: ParsableArguments {
  // `.unconditional`: `--max-depth -1` reads -1 as the value (and says it
  // must be at least 1), not as an option named `-1`.
  @Option(
    name: .customLong("max-file-size"),
    parsing: .unconditional,
    help: ArgumentHelp(
      "The largest flow file read: bytes, or with a K, M or G suffix.", valueName: "size"))
  var maxFileSize: ByteCount = ByteCount(YAMLLimits.default.maxFileSize)

  @Option(
    name: .customLong("max-depth"),
    parsing: .unconditional,
    help: ArgumentHelp("The deepest nesting of YAML mappings and sequences.", valueName: "n"))
  var maxDepth: Int = YAMLLimits.default.maxDepth

  @Option(
    name: .customLong("max-alias-nodes"),
    parsing: .unconditional,
    help: ArgumentHelp("The most YAML nodes that alias expansion may add.", valueName: "n"))
  var maxAliasNodes: Int = YAMLLimits.default.maxAliasNodes

  func validate() throws {
    guard maxDepth > 0 else { throw ValidationError("--max-depth must be at least 1.") }
    guard maxAliasNodes >= 0 else {
      throw ValidationError("--max-alias-nodes must not be negative.")
    }
  }

  /// The limits to load with.
  var limits: YAMLLimits {
    var limits = YAMLLimits.default
    limits.maxFileSize = maxFileSize.bytes
    limits.maxDepth = maxDepth
    limits.maxAliasNodes = maxAliasNodes
    return limits
  }
}

/// A size in bytes, written as a number with an optional K, M or G suffix
/// (binary multiples: `8M` is 8 MiB).
struct ByteCount: ExpressibleByArgument, CustomStringConvertible {
  let bytes: Int

  init(_ bytes: Int) { self.bytes = bytes }

  init?(argument: String) {
    var digits = Substring(argument.trimmingWhitespace())
    var multiplier = 1
    if let last = digits.last?.uppercased() {
      switch last {
      case "K": multiplier = 1 << 10
      case "M": multiplier = 1 << 20
      case "G": multiplier = 1 << 30
      default: break
      }
      if multiplier != 1 { digits = digits.dropLast() }
      if digits.last?.uppercased() == "I" || digits.last == "B" { return nil }
    }
    guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let value = Int(digits), value > 0
    else { return nil }
    let (product, overflow) = value.multipliedReportingOverflow(by: multiplier)
    guard !overflow else { return nil }
    bytes = product
  }

  var description: String {
    if bytes % (1 << 30) == 0 { return "\(bytes >> 30)G" }
    if bytes % (1 << 20) == 0 { return "\(bytes >> 20)M" }
    if bytes % (1 << 10) == 0 { return "\(bytes >> 10)K" }
    return "\(bytes)"
  }
}
