import FlowGraphCore
import FlowGraphYAML
import Testing

/// Invalid UTF-8 is reported at the first byte of the invalid sequence (not
/// at the continuation byte libyaml stopped on), naming that byte and what
/// is wrong in plain words, with the advice that fits the rest of the file.
/// Columns count Unicode scalars.
@Suite("YAML invalid UTF-8")
struct YAMLInvalidUTF8Tests {
  typealias T = YAMLTestSupport

  /// The one finding of `bytes`: `rule@line:col`, its byte offset and message.
  private func finding(_ bytes: [UInt8]) throws -> (at: String, offset: Int?, message: String) {
    let (document, diagnostics) = T.parse(bytes: bytes)
    #expect(document == nil)
    #expect(diagnostics.count == 1, "\(diagnostics.map(\.message))")
    let diagnostic = try #require(diagnostics.first)
    return (T.summary([diagnostic])[0], diagnostic.range?.start.offset, diagnostic.message)
  }

  private func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }

  /// A line of the file is UTF-8 elsewhere ("é" on line 1), so the advice
  /// is to retype the character.
  private static let retype = "; the rest of the file is UTF-8: retype this character"

  @Test func aLatin1FileIsNamedAtTheAccentedByte() throws {
    // "Café menu" in Latin-1: 0xE9 at 2:8; libyaml stopped on the space after it.
    let found = try finding(utf8("a: 1\nb: \"Caf") + [0xE9] + utf8(" menu\"\n"))
    #expect(found.at == "yaml-syntax@2:8")
    #expect(found.offset == 12)
    #expect(
      found.message
        == "byte 0xE9 does not begin a valid UTF-8 sequence: the file looks like Latin-1"
        + " (Windows-1252), where 0xE9 is 'é'; save it as UTF-8")
  }

  @Test func aLatin1KeyBeforeAColon() throws {
    // libyaml stopped on the ':' after "caf\xE9".
    let found = try finding(
      utf8("flowgraph: 1\nflows:\n  caf") + [0xE9] + utf8(":\n    start: x\n"))
    #expect(found.at == "yaml-syntax@3:6")
    #expect(found.message.hasPrefix("byte 0xE9 does not begin a valid UTF-8 sequence: "))
  }

  @Test(
    arguments: [
      (
        "a lone continuation byte", [0x80], "2:5",
        "byte 0x80 does not begin a valid UTF-8 sequence (it is a continuation byte, with no lead"
          + " byte before it)\(retype) (0x80 is '€' in Windows-1252)"
      ),
      (
        "a byte no sequence begins with", [0xFF], "2:5",
        "byte 0xFF does not begin a valid UTF-8 sequence (no valid UTF-8 sequence begins with it)"
          + "\(retype) (0xFF is 'ÿ' in Windows-1252)"
      ),
      (
        "a 2-byte sequence cut mid-line", [0xC3] + Array("y".utf8), "2:5",
        "byte 0xC3 does not begin a valid UTF-8 sequence (it begins a 2-byte sequence, but 0x79,"
          + " which follows it, is not a continuation byte)\(retype) (0xC3 is 'Ã' in Windows-1252)"
      ),
      (
        "a 3-byte sequence cut mid-line", [0xE2, 0x82] + Array("y".utf8), "2:5",
        "byte 0xE2 does not begin a valid UTF-8 sequence (it begins a 3-byte sequence, but only 1"
          + " continuation byte follows it, then 0x79)\(retype) (0xE2 is 'â' in Windows-1252)"
      ),
      (
        "a 4-byte sequence cut mid-line", [0xF0, 0x9F, 0x98] + Array(" y".utf8), "2:5",
        "byte 0xF0 does not begin a valid UTF-8 sequence (it begins a 4-byte sequence, but only 2"
          + " continuation bytes follow it, then 0x20)\(retype) (0xF0 is 'ð' in Windows-1252)"
      ),
      (
        "an overlong encoding", [0xE0, 0x80, 0xAF], "2:5",
        "bytes 0xE0 0x80 0xAF are an overlong encoding of U+002F, which is not valid UTF-8"
          + " (it has a shorter one)\(retype)"
      ),
      (
        "a surrogate", [0xED, 0xA0, 0x80], "2:5",
        "bytes 0xED 0xA0 0x80 encode U+D800, a UTF-16 surrogate, which is not valid UTF-8\(retype)"
      ),
      (
        "a value beyond Unicode", [0xF4, 0x90, 0x80, 0x80], "2:5",
        "bytes 0xF4 0x90 0x80 0x80 encode 0x110000, beyond U+10FFFF (the last code point),"
          + " which is not valid UTF-8\(retype)"
      ),
    ] as [(String, [UInt8], String, String)])
  func eachKindOfSequenceIsExplained(
    _ name: String, _ bad: [UInt8], _ position: String, _ message: String
  ) throws {
    let found = try finding(utf8("a: é\nb: x") + bad + utf8("\n"))
    #expect(found.at == "yaml-syntax@\(position)", "\(name)")
    #expect(found.offset == 10, "\(name)")
    #expect(found.message == message, "\(name)")
  }

  @Test(
    arguments: [
      ([0xC3], "it begins a 2-byte sequence, but the file ends after it"),
      (
        [0xE2, 0x82],
        "it begins a 3-byte sequence, but only 1 continuation byte follows it, then the file ends"
      ),
      (
        [0xF0, 0x9F, 0x98],
        "it begins a 4-byte sequence, but only 2 continuation bytes follow it, then the file ends"
      ),
    ] as [([UInt8], String)])
  func aSequenceCutByTheEndOfTheFile(_ bad: [UInt8], _ detail: String) throws {
    let found = try finding(utf8("a: é\nb: x") + bad)
    #expect(found.at == "yaml-syntax@2:5")
    #expect(found.message.contains("does not begin a valid UTF-8 sequence (\(detail))"))
  }

  /// Columns count Unicode scalars: "Ç" (2 bytes) and "😀" (4 bytes) are
  /// one column each.
  @Test func multiByteCharactersBeforeTheBadByteAreOneColumnEach() throws {
    let found = try finding(utf8("a: 1\nb: Ç😀 ") + [0xE9] + utf8("t\n"))
    #expect(found.at == "yaml-syntax@2:7")
    #expect(found.offset == 15)
    #expect(found.message.hasPrefix("byte 0xE9 does not begin a valid UTF-8 sequence (it begins"))
  }

  /// An ASCII file with a byte that Windows-1252 does not define, or a
  /// complete sequence UTF-8 forbids, is not taken for Latin-1.
  @Test func otherFilesAreToldToBeSavedAsUTF8() throws {
    let undefined = try finding(utf8("a: x") + [0x81] + utf8("\n"))
    #expect(undefined.at == "yaml-syntax@1:5")
    #expect(
      undefined.message
        == "byte 0x81 does not begin a valid UTF-8 sequence (it is a continuation byte, with no"
        + " lead byte before it); save the file as UTF-8")
    let surrogate = try finding(utf8("a: x") + [0xED, 0xA0, 0x80] + utf8("\n"))
    #expect(
      surrogate.message
        == "bytes 0xED 0xA0 0x80 encode U+D800, a UTF-16 surrogate, which is not valid UTF-8;"
        + " save the file as UTF-8")
  }

  @Test func aBinaryFileIsNamedAsOneNotAsLatin1() throws {
    // A PNG image saved as a flow file; a program; any file with NULs.
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]
    let elf: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0xF0]
    let data: [UInt8] = utf8("a: 1\n") + [0x80, 0, 0, 0, 0, 0x81]
    for (bytes, kind) in [
      (png, "a PNG image"), (elf, "a program (ELF)"), (data, "a binary file (it holds NUL bytes)"),
    ] {
      let found = try finding(bytes)
      #expect(found.at == "yaml-syntax@1:1")
      #expect(
        found.message
          == "the file is not text: it looks like \(kind); a flow file is YAML text in UTF-8")
    }
    // One stray NUL in a text file is named where it is.
    let stray = try finding(utf8("a: 1\nb: x") + [0] + utf8("\n"))
    #expect(stray.at == "yaml-syntax@2:5")
  }
}
