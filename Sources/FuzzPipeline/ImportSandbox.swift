import FlowGraphYAML

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A folder of a few fixed flow files that fuzz inputs may import, so that
/// import handling is fuzzed without the fuzzer reading arbitrary files (an
/// import of `/dev/stdin` or a FIFO would block it).
///
/// The fuzzed text is loaded as the file `fuzz.yaml` in this folder (which is
/// never written); an input whose `imports` could leave the folder (an
/// absolute path, a `..` component) is not given to the loader.
enum ImportSandbox {
  /// The folder, created (or refreshed) on first use.
  static let folder: String = {
    let path = "/tmp/flowgraph-fuzz-imports"
    mkdir(path, 0o755)
    for (name, text) in files {
      write(text, to: "\(path)/\(name)")
    }
    return path
  }()

  /// The path the fuzzed text is loaded as.
  static var rootFile: String { "\(folder)/fuzz.yaml" }

  /// Whether loading a document with these `imports` stays inside the folder.
  static func importsStayInside(_ document: YAMLDocument) -> Bool {
    guard let imports = document.root["imports"], imports.kind == .sequence else { return true }
    return imports.items.allSatisfy { item in
      guard let path = item.text else { return true }
      return isSafe(path)
    }
  }

  /// A relative path of plain characters with no `..` component.
  static func isSafe(_ path: String) -> Bool {
    guard !path.hasPrefix("/") else { return false }
    let plain = path.unicodeScalars.allSatisfy { scalar in
      switch scalar {
      case "a"..."z", "A"..."Z", "0"..."9", ".", "_", "-", "/": true
      default: false
      }
    }
    return plain && !path.split(separator: "/").contains("..")
  }

  /// Writes a file atomically (parallel fuzzing jobs share the folder).
  private static func write(_ text: String, to path: String) {
    let temporary = "\(path).\(getpid()).tmp"
    guard let file = fopen(temporary, "w") else { return }
    fputs(text, file)
    fclose(file)
    rename(temporary, path)
  }

  /// The files: a clean importable flow, a library of flows, a file that is
  /// not YAML, one that is not DSL v1, and two that import each other.
  static let files: [(String, String)] = [
    (
      "checkout.yaml",
      """
      flowgraph: 1
      types:
        Speed: { enum: [standard, express] }
      tasks:
        placeOrder:
          input: { cartId: string, speed: Speed }
          outcomes:
            placed: { orderId: string }
            declined: { reason: string }
      flows:
        checkout:
          input: { cartId: string }
          results:
            ordered: { orderId: string }
          start: shipping
          screens:
            shipping:
              actions:
                speedChosen:
                  params: { speed: Speed }
                  push: payment
            payment:
              params: { speed: Speed }
              actions:
                payButtonPressed:
                  run: placeOrder
                  outcomes:
                    placed: { finish: ordered }
                    declined: { present: declined }
            declined:
              params: { reason: string }
              actions:
                okButtonPressed: dismiss

      """
    ),
    (
      "library.yaml",
      """
      flowgraph: 1
      flows:
        help:
          results: { closed: {} }
          start: faq
          screens:
            faq:
              actions:
                closeButtonPressed: { finish: closed }
        about:
          start: info
          screens:
            info: {}

      """
    ),
    ("broken.yaml", "flowgraph: 1\nflows: [\n  - {\n"),
    ("version2.yaml", "flowgraph: 2\nflows: {}\n"),
    (
      "ping.yaml",
      """
      flowgraph: 1
      imports: [pong.yaml, library.yaml]
      flows:
        ping:
          start: p
          screens:
            p: { actions: { aboutButtonPressed: { start: about, mode: present } } }

      """
    ),
    (
      "pong.yaml",
      """
      flowgraph: 1
      imports: [ping.yaml]
      flows:
        pong:
          start: q
          screens:
            q: {}

      """
    ),
  ]
}
