import FlowGraphCore
import FlowGraphTestSupport
import Foundation
import Testing

@testable import FlowGraphYAML

/// A load that does not keep the files' text (`flowgraph validate`) reads a
/// large file into pages of its own and gives them back flow by flow as the
/// compiler finishes with them: the graph and the findings are the same as
/// with the text kept (debug builds also assert that no scalar is read from
/// text given back).
@Suite("Loading without the text: the text given back flow by flow")
struct YAMLTextReleaseTests {
  /// A flow file of about 1.5 MB (past ``YAMLParser/pagedFileMinimum``):
  /// `flows` flows of 20 screens, each screen pushing the next and
  /// presenting a sheet; `mistakes` names flows whose last screen pushes a
  /// screen that does not exist.
  static func largeFile(flows: Int = 400, mistakes: Set<Int> = []) -> String {
    var text = "flowgraph: 1\nentry: flow0\nflows:\n"
    for flow in 0..<flows {
      text += "  flow\(flow):\n    start: screen0\n    screens:\n"
      for screen in 0..<20 {
        text += "      screen\(screen):\n        title: Screen \(screen) of flow \(flow)\n"
        text += "        actions:\n"
        if screen < 19 {
          text += "          nextButtonPressed: { push: screen\(screen + 1) }\n"
        } else if mistakes.contains(flow) {
          text += "          nextButtonPressed: { push: screen\(screen + 7) }\n"
        }
        text += "          helpButtonPressed: { present: help }\n"
        if screen > 0 { text += "          backButtonPressed: pop\n" }
      }
      text += "      help:\n        actions:\n          closeButtonPressed: dismiss\n"
    }
    return text
  }

  @Test func aLargeFileIsReadIntoPagesOnlyWhenItsTextIsNotKept() throws {
    let folder = try ScratchFolder(files: ["big.yaml": Self.largeFile(), "small.yaml": "a: 1\n"])
    defer { folder.remove() }
    let big = folder.url.appendingPathComponent("big.yaml").path
    let small = folder.url.appendingPathComponent("small.yaml").path
    #expect(try Data(contentsOf: URL(fileURLWithPath: big)).count > YAMLParser.pagedFileMinimum)

    let parser = YAMLParser()
    let paged = try parser.parseFile(atPath: big, keepingText: false)
    #expect(paged.text == nil)
    let document = try #require(paged.document)
    guard case .pages = document.source.owner else {
      Issue.record("a large file whose text is not kept is read into pages")
      return
    }
    let kept = try parser.parseFile(atPath: big, keepingText: true)
    #expect(kept.text == (try String(contentsOfFile: big, encoding: .utf8)))
    guard case .string = try #require(kept.document).source.owner else {
      Issue.record("a file whose text is kept shares it with the document")
      return
    }
    let smallParse = try parser.parseFile(atPath: small, keepingText: false)
    #expect(smallParse.text == nil)
    if case .pages = try #require(smallParse.document).source.owner {
      Issue.record("a small file is not worth pages of its own")
    }
  }

  @Test func theGraphAndFindingsAreTheSameWithoutTheText() throws {
    // Mistakes in the first, a middle and the last flow: each is compiled
    // after the text of the flows before it was given back.
    let text = Self.largeFile(mistakes: [0, 200, 399])
    let folder = try ScratchFolder(files: ["big.yaml": text])
    defer { folder.remove() }
    let path = folder.url.appendingPathComponent("big.yaml").path

    let kept = try FlowGraphLoader().load(path: path)
    let released = try FlowGraphLoader().load(path: path, keepingText: false)
    #expect(kept.sources == [path: text])
    #expect(released.sources == [path: ""])
    #expect(released.diagnostics == kept.diagnostics)
    #expect(released.diagnostics.count == 3)
    #expect(released.diagnostics.map(\.rule) == Array(repeating: .undefinedReference, count: 3))
    #expect(released.graph == kept.graph)
    #expect(released.graph?.flows.count == 400)
    let validated = FlowGraphLoader().validated(released)
    #expect(validated.diagnostics == FlowGraphLoader().validated(kept).diagnostics)
  }

  @Test func anImportedLargeFileIsGivenBackToo() throws {
    let root = """
      flowgraph: 1
      entry: flow0
      imports: [more.yaml]
      flows:
        flow0:
          start: home
          screens:
            home:
              actions:
                moreButtonPressed: { start: extra, on: { done: stay } }

      """
    var more = Self.largeFile()
    more = more.replacingOccurrences(of: "entry: flow0\nflows:\n", with: "flows:\n")
    more = more.replacingOccurrences(of: "  flow", with: "  more")
    more += "  extra:\n    start: sheet\n    results: { done: {} }\n    screens:\n"
    more += "      sheet:\n        actions:\n          doneButtonPressed: { finish: done }\n"
    let folder = try ScratchFolder(files: ["root.yaml": root, "more.yaml": more])
    defer { folder.remove() }
    let path = folder.url.appendingPathComponent("root.yaml").path
    let kept = try FlowGraphLoader().load(path: path)
    let released = try FlowGraphLoader().load(path: path, keepingText: false)
    #expect(released.graph != nil)
    #expect(released.graph == kept.graph)
    #expect(released.diagnostics == kept.diagnostics)
    #expect(Set(released.sources.values) == [""])
    #expect(Set(released.sources.keys) == Set(kept.sources.keys))
    #expect(released.sources.count == 2)
  }
}
