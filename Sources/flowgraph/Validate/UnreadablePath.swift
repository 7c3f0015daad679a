/// A path `validate` could not read: a missing file or folder, a file that
/// cannot be opened, or a damaged compiled graph. The command then exits 2,
/// and every output format says which paths and why.
struct UnreadablePath: Encodable, Equatable {
  /// The path as given (or as found below a folder given).
  var file: String
  /// Why it could not be read, without the path or an `error:` prefix.
  var message: String
  /// The line printed on standard error.
  var line: String

  enum CodingKeys: String, CodingKey {
    case file, message
  }

  /// A path that could not be read, with the line printed for it: `error:
  /// MESSAGE` when the message names the path, `PATH: error: MESSAGE` when
  /// it does not (a damaged compiled graph).
  init(file: String, printed line: String) {
    self.file = file
    self.line = line
    var message = Substring(line)
    for prefix in ["\(file): error: ", "error: "] where message.hasPrefix(prefix) {
      message = message.dropFirst(prefix.count)
      break
    }
    self.message = String(message)
  }
}
