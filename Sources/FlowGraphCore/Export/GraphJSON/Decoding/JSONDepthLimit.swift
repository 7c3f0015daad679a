/// The deepest nesting of arrays and objects the decoder reads.
///
/// Foundation's `JSONDecoder` refuses nesting past its own limit (512 on
/// Linux) without crashing, but decoding the document types recurses once per
/// level, and at that depth it runs out of a 512 KiB stack (an app's secondary
/// thread). 256 is far more than any compiled graph needs (flow files nest at
/// most 64 levels), so the decoder counts the depth first, and refuses deeper
/// text before Foundation reads it.
enum JSONDepthLimit {
  /// The deepest nesting accepted.
  static let maxDepth = 256

  /// Throws when `bytes` nest arrays and objects deeper than ``maxDepth``,
  /// counting brackets outside strings; everything else is left to Foundation.
  static func check(_ bytes: some Sequence<UInt8>) throws(GraphJSONError) {
    var depth = 0
    var inString = false
    var escaped = false
    for byte in bytes {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""):
        inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        if depth > maxDepth {
          throw GraphJSONError("nesting deeper than \(maxDepth) arrays and objects")
        }
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        depth -= 1
      default:
        break
      }
    }
  }
}
