import Foundation
import Testing

@Suite struct CompileCommandTests {
  @Test func writesTheCompiledGraph() throws {
    let folder = try GraphTestSupport.scratchFolder()
    defer { GraphTestSupport.cleanUp(folder) }
    let target = folder.appendingPathComponent("graph.json").path
    let result = try CLI.run(["compile", "Flows/onboarding.yaml", "-o", target])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    let json = try String(contentsOfFile: target, encoding: .utf8)
    // The flow file's path from the compiled file's folder (a scratch folder).
    #expect(json.hasPrefix("{\n  \"entry\" : \"tutorial\",\n  \"files\" : [\n    \"../"), "\(json)")
    #expect(json.contains("/Flows/onboarding.yaml\"\n  ],"), "\(json)")
    #expect(json.contains("\n  \"format\" : \"flowgraph-graph\",\n"))
    #expect(json.contains("\n  \"version\" : 2\n}"))
    #expect(json.hasSuffix("}\n"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["graph.json"])
  }

  /// An app ships the JSON: no path of the build machine in it, only paths
  /// relative to the compiled file's folder (or to --root).
  @Test func storesPathsRelativeToTheCompiledFileOrTheRoot() throws {
    let folder = try GraphTestSupport.scratchFolder()
    defer { GraphTestSupport.cleanUp(folder) }
    let shared = folder.appendingPathComponent("shared")
    let app = folder.appendingPathComponent("app")
    try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    _ = try GraphTestSupport.write(
      """
      flowgraph: 1
      flows:
        legal:
          results: { done: {} }
          start: terms
          screens:
            terms:
              actions:
                acceptButtonPressed: { finish: done }
      """, "legal.yaml", in: shared)
    let main = try GraphTestSupport.write(
      """
      flowgraph: 1
      imports: [../shared/legal.yaml]
      entry: app
      flows:
        app:
          start: home
          screens:
            home:
              actions:
                termsButtonPressed: { start: legal, on: { done: stay } }
      """, "main.yaml", in: app)
    #expect(main.hasPrefix("/"))
    let compiled = try CLI.run(["compile", main, "--format", "json"])
    #expect(compiled.status == 0, "\(compiled.stderr)")
    #expect(
      compiled.stdout.contains(
        "\"files\" : [\n    \"main.yaml\",\n    \"../shared/legal.yaml\"\n  ]"),
      "\(compiled.stdout)")
    #expect(!compiled.stdout.contains(folder.path))
    let rooted = try CLI.run(["compile", main, "--root", folder.path, "--format", "json"])
    #expect(
      rooted.stdout.contains(
        "\"files\" : [\n    \"app/main.yaml\",\n    \"shared/legal.yaml\"\n  ]"),
      "\(rooted.stdout)")
    // The compiled graph, read back from its folder, gives the same JSON.
    let target = app.appendingPathComponent("main.json").path
    #expect(try CLI.run(["compile", main, "-o", target]).status == 0)
    let again = try CLI.run(["graph", target, "--format", "json"])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout == compiled.stdout)
  }

  /// Written to another folder, the compiled graph's paths lead back to the
  /// flow file: the findings of validating it name the file that exists.
  @Test func pathsLeadBackToTheFlowFileFromAnotherFolder() throws {
    let folder = try GraphTestSupport.scratchFolder()
    defer { GraphTestSupport.cleanUp(folder) }
    let source = folder.appendingPathComponent("flows")
    let output = folder.appendingPathComponent("build/graphs")
    try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    let flow = try GraphTestSupport.write(
      """
      flowgraph: 1
      entry: app
      flows:
        app:
          start: home
          screens:
            home: {}
        extra:
          start: only
          screens:
            only: {}
      """, "app.yaml", in: source)
    for name in ["app.fgc", "app.json"] {
      let target = output.appendingPathComponent(name).path
      let compiled = try CLI.run(["compile", flow, "-o", target])
      #expect(compiled.status == 0, "\(compiled.stderr)")
      let validated = try CLI.run(["validate", target])
      #expect(validated.status == 0, "\(validated.stderr)")
      #expect(
        validated.stdout.hasPrefix("\(flow):8:3: warning: flow 'extra' is never started"),
        "\(name): \(validated.stdout)")
    }
    let json = try CLI.run([
      "graph", output.appendingPathComponent("app.json").path, "--format", "json",
    ])
    #expect(
      json.stdout.contains("\"files\" : [\n    \"../../flows/app.yaml\"\n  ]"), "\(json.stdout)")
  }

  @Test func refusesAFileWithErrors() throws {
    let folder = try GraphTestSupport.scratchFolder()
    defer { GraphTestSupport.cleanUp(folder) }
    let path = try GraphTestSupport.write(GraphTestSupport.brokenFlow, "broken.yaml", in: folder)
    let target = folder.appendingPathComponent("graph.json").path
    let result = try CLI.run(["compile", path, "-o", target])
    #expect(result.status == 2)
    #expect(result.stderr.contains("[undefined-reference]"))
    #expect(!FileManager.default.fileExists(atPath: target))
  }

  @Test func aMissingFileIsAnError() throws {
    let result = try CLI.run(["compile", "Flows/no-such-file.yaml"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("no-such-file.yaml"))
  }

  @Test func aDamagedCompiledGraphIsReportedWithItsPath() throws {
    let folder = try GraphTestSupport.scratchFolder()
    defer { GraphTestSupport.cleanUp(folder) }
    let good = try CLI.run(["compile", "Flows/onboarding.yaml", "--format", "json"]).stdout
    let damaged = good.replacingOccurrences(of: "\"version\" : 2", with: "\"version\" : 7")
    let path = try GraphTestSupport.write(damaged, "graph.json", in: folder)
    let result = try CLI.run(["graph", path])
    #expect(result.status == 2)
    #expect(result.stderr.contains("graph.json: error: unsupported version 7"))
    #expect(result.stderr.contains("(at version)"))
  }

  /// A deep link whose `invalid-deeplink` finding is suppressed keeps the
  /// flow file valid, but is not compiled: no reader would load it.
  @Test func aSuppressedInvalidDeepLinkIsNotCompiled() throws {
    let folder = try GraphTestSupport.scratchFolder()
    defer { GraphTestSupport.cleanUp(folder) }
    let path = try GraphTestSupport.write(
      """
      flowgraph: 1
      flows:
        app:
          start: home
          screens:
            home:
              actions:
                postTapped: { params: { postId: int }, push: post }
            post:
              params: { postId: int }
              deeplink: /posts/{id}
              suppress: [invalid-deeplink]

      """, "app.yaml", in: folder)
    #expect(try CLI.run(["validate", path]).status == 0)
    for (arguments, target) in [
      (["compile", path, "-o"], "app.fgc"), (["compile", path, "-o"], "app.json"),
      (["graph", path, "--format", "json", "-o"], "graph.json"),
    ] {
      let output = folder.appendingPathComponent(target).path
      let result = try CLI.run(arguments + [output])
      #expect(result.status == 2, "\(arguments) \(target)")
      #expect(
        result.stderr.hasPrefix(
          "\(path):11:19: error: '{id}' in deep link '/posts/{id}' is not a param of screen 'post' [invalid-deeplink]\n"
        ), "\(result.stderr)")
      #expect(
        result.stderr.contains(
          "help: the finding is suppressed, but a compiled graph holds only deep links that the compiler accepts: correct the deep link or remove it, then compile again"
        ), "\(result.stderr)")
      #expect(!FileManager.default.fileExists(atPath: output))
    }
  }

  /// A deep link that the compiler refuses (`invalid-deeplink`) is refused
  /// in a compiled graph too, before `routes` lists it or `run` opens it.
  @Test func aDeepLinkTheCompilerRefusesIsRefusedInACompiledGraph() throws {
    let folder = try GraphTestSupport.scratchFolder()
    defer { GraphTestSupport.cleanUp(folder) }
    let good = try CLI.run(["compile", "Flows/reader.yaml", "--format", "json"]).stdout
    let written = "\"deeplink\" : \"/posts/{postId}\""
    #expect(good.components(separatedBy: written).count == 2)
    let damaged = good.replacingOccurrences(of: written, with: "\"deeplink\" : \"/posts/{id}\"")
    let path = try GraphTestSupport.write(damaged, "graph.json", in: folder)
    for arguments in [["validate", path], ["routes", path], ["run", path, "--open", "/posts/3"]] {
      let result = try CLI.run(arguments)
      #expect(result.status == 2, "\(arguments[0])")
      #expect(
        result.stderr.contains(
          "graph.json: error: '{id}' in deep link '/posts/{id}' is not a param of screen 'post' (at flows[0].screens[2].deeplink)"
        ), "\(arguments[0]): \(result.stderr)")
    }
  }
}

/// The launch format: `compile` writes it by default, and every command that
/// reads a flow file reads it too, telling it by its magic bytes.
@Suite struct CompileLaunchFormatTests {
  static let magic: [UInt8] = [0x89, 0x46, 0x47, 0x43, 0x0D, 0x0A, 0x1A, 0x0A]

  /// `Flows/checkout.yaml` compiled into a scratch folder as `name`.
  /// The `files` table of a graph's readable JSON.
  static func files(in json: String) -> [String]? {
    struct Table: Decodable { var files: [String] }
    return try? JSONDecoder().decode(Table.self, from: Data(json.utf8)).files
  }

  func compiled(_ name: String, in folder: URL) throws -> String {
    let target = folder.appendingPathComponent(name).path
    let result = try CLI.run(["compile", "Flows/checkout.yaml", "-o", target])
    #expect(result.status == 0, "\(result.stderr)")
    return target
  }

  @Test func compileWritesTheLaunchFormatByDefault() throws {
    let folder = try GraphTestSupport.scratchFolder()
    defer { GraphTestSupport.cleanUp(folder) }
    let target = try compiled("graph.fgc", in: folder)
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: target)))
    #expect(Array(bytes.prefix(8)) == Self.magic)
    let yaml = try Data(contentsOf: CLI.packageRoot.appendingPathComponent("Flows/checkout.yaml"))
    #expect(bytes.count < yaml.count, "\(bytes.count) bytes for \(yaml.count) of YAML")
    // No path of the build machine in it: the flow file's path from the
    // compiled file's folder.
    let json = try CLI.run(["compile", target, "--format", "json"]).stdout
    let files = try #require(Self.files(in: json))
    #expect(
      files.count == 1 && files[0].hasPrefix("../") && files[0].hasSuffix("/Flows/checkout.yaml"),
      "\(files)")
    // Any name but *.json: still the launch format.
    let other = try compiled("graph.bin", in: folder)
    #expect(try Data(contentsOf: URL(fileURLWithPath: other)) == Data(bytes))
  }

  @Test func theLaunchFormatReadsBackAsTheSameJSON() throws {
    let folder = try GraphTestSupport.scratchFolder()
    defer { GraphTestSupport.cleanUp(folder) }
    let target = try compiled("graph.fgc", in: folder)
    let fromYAML = try CLI.run(["graph", "Flows/checkout.yaml", "--format", "json"])
    let fromBinary = try CLI.run(["graph", target, "--format", "json"])
    #expect(fromBinary.status == 0, "\(fromBinary.stderr)")
    // The same but for the file's path, which each gives from its own folder.
    let binaryPath = try #require(Self.files(in: fromBinary.stdout)?.first)
    #expect(
      fromBinary.stdout.replacingOccurrences(of: "\"\(binaryPath)\"", with: "X")
        == fromYAML.stdout.replacingOccurrences(of: "\"checkout.yaml\"", with: "X"))
    let json = try CLI.run(["compile", target, "--format", "json"])
    #expect(json.status == 0, "\(json.stderr)")
    #expect(json.stdout.contains("\"format\" : \"flowgraph-graph\""))
  }

  @Test func validateRunGraphAndPathsReadTheLaunchFormat() throws {
    let folder = try GraphTestSupport.scratchFolder()
    defer { GraphTestSupport.cleanUp(folder) }
    let target = try compiled("checkout.fgc", in: folder)
    let validate = try CLI.run(["validate", target])
    #expect(validate.status == 0, "\(validate.stderr)")
    #expect(validate.stdout.contains("no errors"))
    let run = try CLI.run([
      "run", target, "--input", "cartId=cart-7",
      "--outcome", "placeOrder=placed(orderId=A-1001)",
      "--events", "shippingSpeedChosen(speed=express),payButtonPressed,doneButtonPressed",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let yamlRun = try CLI.run([
      "run", "Flows/checkout.yaml", "--input", "cartId=cart-7",
      "--outcome", "placeOrder=placed(orderId=A-1001)",
      "--events", "shippingSpeedChosen(speed=express),payButtonPressed,doneButtonPressed",
    ])
    #expect(run.stdout == yamlRun.stdout)
    let graph = try CLI.run(["graph", target, "--format", "mermaid"])
    #expect(graph.status == 0, "\(graph.stderr)")
    #expect(graph.stdout.hasPrefix("flowchart LR\n"))
    let paths = try CLI.run(["paths", target])
    #expect(paths.status == 0, "\(paths.stderr)")
    #expect(!paths.stdout.isEmpty)
  }

  @Test func routesReadsTheLaunchFormatWithTheDeepLinksPositions() throws {
    let folder = try GraphTestSupport.scratchFolder()
    defer { GraphTestSupport.cleanUp(folder) }
    let target = folder.appendingPathComponent("login.fgc").path
    let compile = try CLI.run(["compile", "Flows/login-app.yaml", "-o", target, "--root", "."])
    #expect(compile.status == 0, "\(compile.stderr)")
    let fromBinary = try CLI.run(["routes", target])
    let fromYAML = try CLI.run(["routes", "Flows/login-app.yaml"])
    #expect(fromBinary.status == 0, "\(fromBinary.stderr)")
    #expect(fromBinary.stdout.contains("/Flows/login-app.yaml:108:19)"), "\(fromBinary.stdout)")
    let normalized = fromBinary.stdout
      .replacingOccurrences(of: target, with: "Flows/login-app.yaml")
      .replacingOccurrences(of: folder.path + "/", with: "")
    #expect(normalized == fromYAML.stdout)
  }

  @Test func aDamagedLaunchFileIsOneClearError() throws {
    let folder = try GraphTestSupport.scratchFolder()
    defer { GraphTestSupport.cleanUp(folder) }
    let target = try compiled("graph.fgc", in: folder)
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: target)))
    bytes[8] = 9
    let newer = folder.appendingPathComponent("newer.fgc")
    try Data(bytes).write(to: newer)
    for command in ["validate", "run", "graph", "paths", "routes"] {
      let result = try CLI.run([command, newer.path])
      #expect(result.status == 2, "\(command)")
      #expect(
        result.stderr.contains(
          "newer.fgc: error: at byte 8: compiled graph format version 9, but this library reads version 6"
        ),
        "\(command): \(result.stderr)")
      #expect(!result.stderr.contains("yaml"), "\(command): \(result.stderr)")
      // One line that starts with the file's path, as every command words it.
      #expect(result.stderr.hasPrefix(newer.path + ": error: "), "\(command): \(result.stderr)")
    }
    // Cut inside the magic: still a compiled graph, cut short, not a text
    // file in another encoding.
    let stub = folder.appendingPathComponent("stub.fgc")
    try Data(bytes.prefix(4)).write(to: stub)
    let short = try CLI.run(["validate", stub.path])
    #expect(short.status == 2, "\(short.stderr)")
    #expect(short.stderr.contains("truncated"), "\(short.stderr)")
    #expect(!short.stderr.contains("UTF-8"), "\(short.stderr)")
    let truncated = folder.appendingPathComponent("truncated.fgc")
    try Data(bytes.prefix(20)).write(to: truncated)
    let result = try CLI.run(["validate", truncated.path])
    #expect(result.status == 2)
    #expect(result.stderr.contains("truncated"), "\(result.stderr)")
  }

  @Test func generateWritesTheLaunchFormatForTheApp() throws {
    let folder = try GraphTestSupport.scratchFolder()
    defer { GraphTestSupport.cleanUp(folder) }
    let swift = folder.appendingPathComponent("Checkout.swift").path
    let graph = folder.appendingPathComponent("checkout.yaml.fgc").path
    let result = try CLI.run([
      "generate", "swift", "Flows/checkout.yaml", "-o", swift, "--graph-output", graph,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let compiled = try compiled("compiled.fgc", in: folder)
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: graph))
        == Data(contentsOf: URL(fileURLWithPath: compiled)))
  }
}

/// `generate swift` reads the launch format as it reads the flow file.
@Suite struct GenerateFromLaunchFormatTests {
  @Test func generatesTheSameSwiftFromTheCompiledGraph() throws {
    let folder = try GraphTestSupport.scratchFolder()
    defer { GraphTestSupport.cleanUp(folder) }
    let compiled = folder.appendingPathComponent("onboarding.fgc").path
    #expect(try CLI.run(["compile", "Flows/onboarding.yaml", "-o", compiled]).status == 0)
    let fromYAML = try CLI.run(["generate", "swift", "Flows/onboarding.yaml"])
    let fromBinary = try CLI.run(["generate", "swift", compiled])
    #expect(fromBinary.status == 0, "\(fromBinary.stderr)")
    #expect(fromBinary.stdout.contains("enum Onboarding"))
    // The same API; only the header comment names the source file.
    let body = { (text: String) in text.split(separator: "\n").filter { !$0.hasPrefix("//") } }
    #expect(body(fromBinary.stdout) == body(fromYAML.stdout))
  }
}
