#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Error {
  /// The sentence that full Foundation's `localizedDescription` gives on
  /// Linux for the file errors the CLI reports ("The operation could not be
  /// completed. The file doesn’t exist."), without needing full Foundation.
  var readableDescription: String {
    let prefix = "The operation could not be completed. "
    if let error = self as? CocoaError {
      let reasons: [Int: String] = [
        4: "The file doesn’t exist.", 260: "The file doesn’t exist.",
        257: "You don’t have permission.", 513: "You don’t have permission.",
        258: "The file name is invalid.", 514: "The file name is invalid.",
        259: "The file isn’t in the correct format.",
        261: "The specified text encoding isn’t applicable.",
        517: "The specified text encoding isn’t applicable.",
        262: "The specified URL type isn’t supported.",
        518: "The specified URL type isn’t supported.",
        263: "The item is too large.",
        264: "The text encoding of the contents couldn’t be determined.",
        516: "A file with the same name already exists.",
        640: "There isn’t enough space.", 642: "The volume is read only.",
        3840: "The data is not in the correct format.",
      ]
      let code = error.code.rawValue
      return prefix + (reasons[code] ?? "(NSCocoaErrorDomain error \(code).)")
    }
    if let error = self as? POSIXError {
      return prefix + String(cString: strerror(error.code.rawValue))
    }
    return "\(self)"
  }
}
