#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a whole file with `open`/`fstat`/`read`, as the flowgraph loader
/// does, so that every benchmark pays the same cost for the bytes.
public enum FileBytes {
  /// The file's bytes; stops the process when the file cannot be read (a
  /// benchmark input is missing: nothing can be measured).
  public static func contents(of path: String) -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { fatalError("cannot open \(path)") }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { fatalError("cannot stat \(path)") }
    let size = Int(info.st_size)
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
      var done = 0
      while done < size {
        let got = read(descriptor, buffer.baseAddress! + done, size - done)
        if got < 0, errno == EINTR { continue }
        guard got > 0 else { break }
        done += got
      }
      count = done
    }
    guard bytes.count == size else { fatalError("short read of \(path)") }
    return bytes
  }
}
