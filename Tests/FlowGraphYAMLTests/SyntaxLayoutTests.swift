import Testing

@testable import FlowGraphYAML

/// The syntax of every screen of a file is alive when the compiler starts
/// (docs/performance.md, "The YAML load's peak"): a field that makes a
/// screen's syntax larger fails here, so that it is added out of line
/// (``ScreenSyntax/RareFields``) or on purpose.
@Suite("Syntax layout")
struct SyntaxLayoutTests {
  @Test func aScreensSyntaxStaysSmall() {
    #expect(MemoryLayout<ScreenSyntax>.stride == 112)
    // A box holds the rarer fields: a screen with a deep link pays for it.
    #expect(MemoryLayout<ScreenSyntax.RareFields>.stride == 80)
  }
}
