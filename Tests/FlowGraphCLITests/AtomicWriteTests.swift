import Foundation
import Testing

/// Issue 7, "Files": `flowgraph` never modifies its inputs, and every file it
/// writes with `-o` is written atomically (a temporary file in the same
/// folder, then a rename): an existing output is replaced whole, a failed run
/// leaves it as it was, and no temporary file is ever left behind.
@Suite("Files: inputs untouched, outputs written atomically")
struct AtomicWriteTests {
  /// The commands that write a file with `-o`.
  static let writers: [[String]] = [
    ["compile", "--format", "json"],
    ["graph", "--format", "dot"],
    ["graph", "--format", "mermaid"],
    ["graph", "--format", "json"],
  ]

  @Test("an existing output is replaced whole", arguments: writers)
  func replacesAnExistingOutputWhole(_ command: [String]) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let output = scratch.url.appendingPathComponent("out.txt")
    // Longer than any output, so that an in-place rewrite would leave a tail.
    try Data(String(repeating: "stale output\n", count: 20_000).utf8).write(to: output)
    let oldInode = try Scratch.inode(output)
    let inputs = try scratch.snapshot(excluding: ["out.txt"])

    let expected = try CLI.run(command + ["shop.yaml"], in: scratch.url)
    #expect(expected.status == 0, "\(expected.stderr)")
    let result = try CLI.run(command + ["shop.yaml", "-o", "out.txt"], in: scratch.url)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.isEmpty)

    #expect(try String(contentsOf: output, encoding: .utf8) == expected.stdout)
    #expect(try Scratch.inode(output) != oldInode, "replaced by a rename, not rewritten in place")
    #expect(try scratch.names() == ["checkout.yaml", "out.txt", "shop.yaml"])
    #expect(try scratch.snapshot(excluding: ["out.txt"]) == inputs)
  }

  @Test("a run that fails leaves an existing output as it was", arguments: writers)
  func failedRunLeavesTheOutputAlone(_ command: [String]) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try Data("flowgraph: 1\nflows:\n  app:\n    start: nowhere\n    screens: { home: {} }\n".utf8)
      .write(to: scratch.url.appendingPathComponent("broken.yaml"))
    let output = scratch.url.appendingPathComponent("out.txt")
    try Data("the previous output\n".utf8).write(to: output)
    let before = try scratch.snapshot()

    let result = try CLI.run(command + ["broken.yaml", "-o", "out.txt"], in: scratch.url)
    #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
    #expect(try scratch.snapshot() == before)
    #expect(try scratch.names() == ["broken.yaml", "checkout.yaml", "out.txt", "shop.yaml"])
  }

  @Test("an output that cannot be written leaves no temporary file")
  func unwritableOutputLeavesNoTemporaryFile() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let before = try scratch.snapshot()
    for target in ["missing/out.json", "."] {
      let result = try CLI.run(["compile", "shop.yaml", "-o", target], in: scratch.url)
      #expect(result.status == 2, "-o \(target): \(result.stderr)")
      #expect(result.stderr.contains("cannot write"), "-o \(target): \(result.stderr)")
      #expect(try scratch.snapshot() == before)
    }
  }

  @Test("validate, run, graph and compile never modify their inputs")
  func commandsNeverModifyTheirInputs() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let before = try scratch.snapshot()
    let runs: [[String]] = [
      ["validate", "."],
      ["validate", "--format", "sarif", "shop.yaml", "checkout.yaml"],
      ["graph", "shop.yaml", "--format", "dot"],
      ["compile", "shop.yaml"],
      [
        "run", "checkout.yaml", "--input", "cartId=cart-7",
        "--outcome", "placeOrder=placed(orderId=A-1001)",
        "--events", "shippingSpeedChosen(speed=express),payButtonPressed,doneButtonPressed",
      ],
    ]
    for arguments in runs {
      let result = try CLI.run(arguments, in: scratch.url)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      #expect(try scratch.snapshot() == before, "\(arguments) changed its inputs")
    }
  }
}

/// A scratch folder holding a copy of `Flows/shop.yaml` and the
/// `Flows/checkout.yaml` it imports.
private struct Scratch {
  /// One file's identity and contents.
  struct FileState: Equatable {
    var contents: Data
    var modified: Date?
    var inode: UInt64
  }

  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("flowgraph-atomic-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    for name in ["shop.yaml", "checkout.yaml"] {
      try FileManager.default.copyItem(
        at: CLI.packageRoot.appendingPathComponent("Flows/\(name)"),
        to: url.appendingPathComponent(name))
    }
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }

  /// Every name in the folder, hidden ones included (a leftover temporary
  /// file would be hidden), sorted.
  func names() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }

  /// Every file's contents, modification date and inode, by name.
  func snapshot(excluding excluded: Set<String> = []) throws -> [String: FileState] {
    var files: [String: FileState] = [:]
    for name in try names() where !excluded.contains(name) {
      let file = url.appendingPathComponent(name)
      let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
      files[name] = FileState(
        contents: try Data(contentsOf: file),
        modified: attributes[.modificationDate] as? Date,
        inode: try Self.inode(file))
    }
    return files
  }

  static func inode(_ file: URL) throws -> UInt64 {
    let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
    return (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
  }
}
