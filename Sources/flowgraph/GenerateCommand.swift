import ArgumentParser
import FlowGraphCore
import FlowGraphSwiftGen
import FlowGraphYAML

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `flowgraph generate`: code generated from flow files.
struct GenerateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "generate",
    abstract: "Generate code from flow files.",
    subcommands: [GenerateSwiftCommand.self]
  )
}

/// `flowgraph generate swift`: the typed Swift API of flow files (SPEC §7).
struct GenerateSwiftCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "swift",
    abstract: "Write the typed Swift API of flow files: screens, events, flows, task hooks.",
    discussion: """
      Each file (with its imports) becomes one namespace enum named after the file \
      (login-app.yaml → LoginApp) holding Screen, Event, Flow, the results, the task \
      outcomes, the TaskHooks protocol, a typed Navigator and a Runner over FlowRunner \
      (docs/generated-swift.md). The output is deterministic. When a file has findings at \
      error severity, every finding is printed (as validate prints them), nothing is written \
      and the exit status is 2. Warnings are printed and do not block.
      """
  )

  @ArgumentParser.Argument(help: ArgumentHelp("The flow files (.yaml).", valueName: "file"))
  var files: [String]

  @Option(
    name: [.short, .customLong("output")],
    help: ArgumentHelp(
      "Write to this Swift file (atomically) instead of standard output.", valueName: "file"))
  var output: String?

  @Option(help: ArgumentHelp("The access level of the generated declarations.", valueName: "level"))
  var access: SwiftGenerator.Access = .internal

  @Option(
    help: ArgumentHelp(
      "The namespace enum's name (one file only; default: from the file's name).",
      valueName: "name"))
  var namespace: String?

  @Option(
    name: .customLong("graph-output"),
    help: ArgumentHelp(
      "Also write the compiled graph (as `flowgraph compile -o` does: JSON for *.json, else the launch format) to this file (one file only).",
      valueName: "file"))
  var graphOutput: String?

  @OptionGroup var input: InputOptions

  func validate() throws {
    if namespace != nil && files.count != 1 {
      throw ValidationError("--namespace names the namespace of one file; give one file.")
    }
    if graphOutput != nil && files.count != 1 {
      throw ValidationError("--graph-output writes the graph of one file; give one file.")
    }
  }

  func run() async throws {
    var inputs: [SwiftGenerator.Input] = []
    var failed = false
    for file in files {
      if GraphSource.isCompiledGraph(file) {
        // A compiled graph (either format): decoded and validated; errors exit 2.
        let source = try GraphSource.load(file, input: input, allowErrors: false)
        let name = String(file.split(separator: "/").last ?? Substring(file))
        let stem = [".fgc", ".json"].first { name.hasSuffix($0) }.map {
          String(name.dropLast($0.count))
        }
        inputs.append(
          SwiftGenerator.Input(
            graph: source.graph,
            namespace: namespace ?? SwiftGenerator.namespace(forFile: stem ?? name),
            source: name, path: file))
        continue
      }
      let loaded: LoadedFlows
      do {
        loaded = try FlowGraphLoader(limits: input.limits).validate(path: file)
        ProcessLifetime.keep(loaded)
      } catch {
        Console.error("error: \(error)\n")
        throw ExitCode(2)
      }
      LoadedFlowFile.printDiagnostics(loaded.diagnostics, sources: loaded.sources)
      guard let graph = loaded.graph, !loaded.diagnostics.hasErrors else {
        failed = true
        continue
      }
      inputs.append(
        SwiftGenerator.Input(
          graph: graph, namespace: namespace ?? SwiftGenerator.namespace(forFile: file),
          source: file.split(separator: "/").last.map(String.init) ?? file, path: file))
    }
    if failed { throw ExitCode(2) }
    if namespace == nil {
      for input in inputs {
        if let warning = SwiftGenerator.namespaceWarning(input.namespace, source: input.source) {
          Console.error(warning + "\n")
        }
      }
    }
    let code: String
    do {
      code = try SwiftGenerator(access: access).generate(inputs)
    } catch {
      Console.error(error.compilerStyleText)
      throw ExitCode(2)
    }
    if let graphOutput, let graph = inputs.first?.graph {
      // Its paths are relative to its own folder, as `compile` writes them.
      let root = CompileCommand.defaultRoot(output: graphOutput, file: files[0])
      try CompileCommand.refuseUnreadableDeeplink(in: graph, sources: [:])
      try OutputFile.write(
        try CompiledFormat.inferred(from: graphOutput).encode(graph, root: root), to: graphOutput)
    }
    try OutputFile.write(Data(code.utf8), to: output)
  }
}

extension SwiftGenerator.Access: ExpressibleByArgument {}
