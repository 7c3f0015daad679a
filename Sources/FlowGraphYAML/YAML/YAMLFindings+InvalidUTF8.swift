import FlowGraphCore

extension YAMLFindings {
  /// A file that is not valid UTF-8, at the first byte of its first invalid
  /// sequence (`bytes` is the whole file): what is wrong with the sequence,
  /// and what to do, which depends on the rest of the file. A file with no
  /// valid multi-byte character whose odd bytes are all Windows-1252 is a
  /// Latin-1 file (save it as UTF-8); a file that has some is UTF-8 with one
  /// bad character (retype it); any other file is saved as UTF-8.
  static func invalidUTF8(
    _ found: YAMLInvalidUTF8, in bytes: UnsafeBufferPointer<UInt8>, at range: SourceRange
  ) -> Diagnostic {
    let lead = found.bytes[0]
    let latin1 = found.isMalformed ? YAMLWindows1252.character(lead) : nil
    if let latin1, YAMLWindows1252.looksLikeWindows1252(bytes) {
      return Diagnostic(
        .yamlSyntax,
        "byte \(hex(lead)) does not begin a valid UTF-8 sequence: the file looks like Latin-1"
          + " (Windows-1252), where \(hex(lead)) is \(YAMLWindows1252.describe(latin1));"
          + " save it as UTF-8",
        at: range)
    }
    let advice =
      if YAMLInvalidUTF8.hasMultiByteCharacter(bytes) {
        "the rest of the file is UTF-8: retype this character"
          + (latin1.map { " (\(hex(lead)) is \(YAMLWindows1252.describe($0)) in Windows-1252)" }
            ?? "")
      } else {
        "save the file as UTF-8"
      }
    return Diagnostic(.yamlSyntax, "\(found.explanation); \(advice)", at: range)
  }

  /// `0xE9`.
  static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return "0x" + (digits.count == 1 ? "0" : "") + digits
  }
}

extension YAMLInvalidUTF8 {
  /// Whether the bytes are not a UTF-8 sequence at all (a byte out of
  /// place), rather than a complete sequence of a value UTF-8 does not
  /// allow: only then may they be text in another encoding.
  var isMalformed: Bool {
    switch problem {
    case .strayContinuation, .invalidLead, .truncated: true
    case .overlong, .surrogate, .beyondUnicode: false
    }
  }

  /// What is wrong: `byte 0xE9 does not begin a valid UTF-8 sequence (…)`,
  /// `bytes 0xED 0xA0 0x80 encode U+D800, a UTF-16 surrogate, …`.
  var explanation: String {
    let lead = "byte \(YAMLFindings.hex(bytes[0])) does not begin a valid UTF-8 sequence"
    let sequence = "bytes " + bytes.map(YAMLFindings.hex).joined(separator: " ")
    switch problem {
    case .strayContinuation:
      return "\(lead) (it is a continuation byte, with no lead byte before it)"
    case .invalidLead:
      return "\(lead) (no valid UTF-8 sequence begins with it)"
    case .truncated(let length, let found, let next):
      let but: String
      switch (found, next.map(YAMLFindings.hex)) {
      case (0, let next?): but = "\(next), which follows it, is not a continuation byte"
      case (0, nil): but = "the file ends after it"
      case (let found, let next):
        let follow =
          found == 1 ? "1 continuation byte follows" : "\(found) continuation bytes follow"
        but = "only \(follow) it, " + (next.map { "then \($0)" } ?? "then the file ends")
      }
      return "\(lead) (it begins a \(length)-byte sequence, but \(but))"
    case .overlong(let value):
      return "\(sequence) are an overlong encoding of \(Self.codePoint(value)),"
        + " which is not valid UTF-8 (it has a shorter one)"
    case .surrogate(let value):
      return "\(sequence) encode \(Self.codePoint(value)), a UTF-16 surrogate,"
        + " which is not valid UTF-8"
    case .beyondUnicode(let value):
      let number = "0x" + String(value, radix: 16, uppercase: true)
      return "\(sequence) encode \(number), beyond U+10FFFF (the last code point),"
        + " which is not valid UTF-8"
    }
  }

  /// `U+00E9`.
  static func codePoint(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
