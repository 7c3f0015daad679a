import FlowGraphCore

/// A file that is not text at all (an image, an archive, a program saved
/// or renamed as `.yaml`): named as such when libyaml's reader stops on it,
/// instead of a note on its first byte's encoding.
enum YAMLBinaryFile {
  /// What the file looks like, or `nil` for a file that may be text: a
  /// known format by its first bytes, or a file whose first 4 KiB hold
  /// several NUL bytes (one stray NUL in a text file is reported where it
  /// is, as a control character).
  static func kind(of bytes: UnsafeBufferPointer<UInt8>) -> String? {
    for (magic, name) in signatures where bytes.starts(with: magic) { return name }
    let nuls = bytes.prefix(4096).count { $0 == 0 }
    return nuls >= 4 ? "a binary file (it holds NUL bytes)" : nil
  }

  /// The first bytes of common binary formats.
  private static let signatures: [([UInt8], String)] = [
    ([0x89, 0x50, 0x4E, 0x47], "a PNG image"),
    ([0xFF, 0xD8, 0xFF], "a JPEG image"),
    (Array("GIF8".utf8), "a GIF image"),
    (Array("%PDF".utf8), "a PDF document"),
    ([0x50, 0x4B, 0x03, 0x04], "a zip archive"),
    ([0x1F, 0x8B], "a gzip archive"),
    ([0x7F, 0x45, 0x4C, 0x46], "a program (ELF)"),
    ([0xCF, 0xFA, 0xED, 0xFE], "a program (Mach-O)"),
    (Array("bplist".utf8), "a binary property list"),
  ]

  /// `profile.yaml:1:1: error: the file is not text: it looks like a PNG image; …`.
  static func finding(_ kind: String, at range: SourceRange) -> Diagnostic {
    Diagnostic(
      .yamlSyntax,
      "the file is not text: it looks like \(kind); a flow file is YAML text in UTF-8",
      at: range)
  }
}
