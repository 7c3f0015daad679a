import FlowGraphYAML
import Testing

@testable import FlowGraphCore

@Suite("File paths relative to a root (the compiled JSON's file table)")
struct PathTextTests {
  @Test(arguments: [
    ("/build/app/Flows/main.yaml", "/build/app/Flows", "main.yaml"),
    ("/build/app/Shared/legal.yaml", "/build/app/Flows", "../Shared/legal.yaml"),
    ("/build/app/Flows/sub/x.yaml", "/build/app/Flows/", "sub/x.yaml"),
    ("/build/app/Flows", "/build/app/Flows", "."),
    ("Flows/main.yaml", "Flows", "main.yaml"),
    ("Flows/main.yaml", ".", "Flows/main.yaml"),
    ("/work/Flows/main.yaml", "Flows", "main.yaml"),
    ("Flows/./a/../main.yaml", "/work", "Flows/main.yaml"),
  ])
  func relative(_ path: String, _ root: String, _ expected: String) {
    #expect(PathText.relative(path, to: root, currentDirectory: "/work") == expected)
  }

  @Test func folders() {
    #expect(PathText.folder(of: "Flows/main.yaml") == "Flows")
    #expect(PathText.folder(of: "main.yaml") == ".")
    #expect(PathText.folder(of: "/main.yaml") == "/")
  }

  @Test func theEncoderStoresRelativePathsAndTheDecoderJoinsThemToItsRoot() throws {
    let loaded = FlowGraphLoader().load(
      text: "flowgraph: 1\nflows:\n  app:\n    start: home\n    screens:\n      home: {}\n",
      file: "/build/machine/Flows/main.yaml")
    let graph = try #require(loaded.graph)
    let json = try GraphJSONEncoder(root: "/build/machine/Flows").encode(graph)
    #expect(json.contains("\"files\" : [\n    \"main.yaml\"\n  ]"))
    #expect(!json.contains("/build/machine"))
    let asStored = try GraphJSONDecoder().decode(json)
    #expect(asStored.range(asStored.screens[0].span)?.file == "main.yaml")
    let fromHere = try GraphJSONDecoder(root: "App/Flows").decode(json)
    #expect(fromHere.range(fromHere.screens[0].span)?.file == "App/Flows/main.yaml")
  }
}
