#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs fuzz inputs from files without libFuzzer (the plain build's `main`).
package enum FuzzReplay {
  package static func run(name: String, _ body: ([UInt8]) -> String) {
    let paths = CommandLine.arguments.dropFirst()
    guard !paths.isEmpty else {
      FuzzCheck.printError(
        """
        usage: \(name) FILE...
        Runs each file through the fuzz target's checks (a crash or an abort is a finding).
        This is the plain build; Scripts/fuzz.sh builds the libFuzzer one.

        """)
      exit(2)
    }
    for path in paths {
      guard let bytes = read(path) else {
        FuzzCheck.printError("\(name): cannot read \(path)\n")
        exit(2)
      }
      print("ok \(path): \(body(bytes))")
    }
  }

  private static func read(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = fread(&buffer, 1, buffer.count, file)
      if count <= 0 { break }
      bytes += buffer[0..<count]
    }
    return ferror(file) == 0 ? bytes : nil
  }
}
