/// The byte layout of the compiled graph format, shared by the writer and
/// the reader (`docs/compiled-format.md` describes it).
///
/// The header is fixed: magic (8 bytes), version (`UInt32`), flags
/// (`UInt32`, zero), fingerprint (`UInt64`), body length (`UInt64`) and body
/// checksum (`UInt64`), all little-endian. The body is a sequence of
/// LEB128 varints, tags and string-table indexes, section after section.
package enum CompiledGraphLayout {
  package static let magic: [UInt8] = [0x89, 0x46, 0x47, 0x43, 0x0D, 0x0A, 0x1A, 0x0A]
  package static let headerSize = 40
  /// Nesting deeper than this (transitions in handlers, list values, list
  /// types) is refused, so that reading is bounded in stack.
  static let maxDepth = 256

  /// A whole file: the header (with `body`'s length and checksum) and
  /// `body`. The writer's last step; tests and the fuzzer use it to make
  /// files whose body is hostile but whose header is right.
  package static func file(
    body: [UInt8], version: UInt32 = CompiledGraph.version, flags: UInt32 = 0,
    fingerprint: UInt64 = 0
  ) -> [UInt8] {
    var header = ByteWriter()
    header.bytes.reserveCapacity(headerSize + body.count)
    header.bytes.append(contentsOf: magic)
    header.uint32(version)
    header.uint32(flags)
    header.uint64(fingerprint)
    header.uint64(UInt64(body.count))
    header.uint64(body.withUnsafeBytes(checksum))
    return header.bytes + body
  }

  /// A fast 64-bit checksum of `bytes`, after wyhash: 64-byte blocks in
  /// four lanes, each folding 16 bytes per step into one 64 × 64 → 128-bit
  /// multiply (the halves xored, "mum"), added to the lane so that a zero
  /// product keeps what the lane held; then the 8-byte words and the bytes
  /// left, one multiply each, and a last mix with the length.
  static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    let secret: (UInt64, UInt64, UInt64, UInt64) = (
      0xA076_1D64_78BD_642F, 0xE703_7ED1_A0B4_28DB, 0x8EBC_6AF0_9C88_C6E3,
      0x5899_65CC_7537_4CC3
    )
    @inline(__always) func mum(_ left: UInt64, _ right: UInt64) -> UInt64 {
      let (high, low) = left.multipliedFullWidth(by: right)
      return high ^ low
    }
    let count = bytes.count
    var hash = secret.0 ^ UInt64(count)
    guard let base = bytes.baseAddress else { return mum(hash, secret.1) }
    @inline(__always) func word(_ index: Int) -> UInt64 {
      UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
    }
    var lanes = (hash, secret.1 &+ UInt64(count), hash ^ secret.2, hash &+ secret.3)
    var index = 0
    while index &+ 64 <= count {
      lanes.0 &+= mum(word(index) ^ secret.2, word(index &+ 8) ^ lanes.0)
      lanes.1 &+= mum(word(index &+ 16) ^ secret.3, word(index &+ 24) ^ lanes.1)
      lanes.2 &+= mum(word(index &+ 32) ^ secret.0, word(index &+ 40) ^ lanes.2)
      lanes.3 &+= mum(word(index &+ 48) ^ secret.1, word(index &+ 56) ^ lanes.3)
      index &+= 64
    }
    hash = mum(lanes.0 ^ secret.1, lanes.1 ^ secret.2) ^ mum(lanes.2 ^ secret.3, lanes.3 ^ secret.0)
    while index &+ 8 <= count {
      hash &+= mum(word(index) ^ secret.3, hash ^ secret.0)
      index &+= 8
    }
    while index < count {
      hash &+= mum(UInt64(bytes[index]) ^ secret.2, hash ^ secret.1)
      index &+= 1
    }
    return mum(hash ^ secret.0, UInt64(count) ^ secret.3)
  }
}

/// The sizes of the tables that the screens fill (the format's table
/// sizes, between the flows and the screens): their actions, their
/// transitions (with the nested ones and the custom backs; not a tab bar's,
/// which are tables of their own), the params of screens and actions, and
/// the transitions' arguments. The reader allocates each table once, at its
/// size, and refuses a file whose screens have more or fewer.
struct CompiledTableSizes: Equatable {
  /// The screens (their count comes before the flows).
  var screens = 0
  var actions = 0
  var transitions = 0
  var parameters = 0
  var arguments = 0

  /// The fewest bytes of the file that a record of each table takes, besides
  /// what the other tables count: an action its name, params count and span
  /// (its transition is a transition); a transition its tag, pop target,
  /// argument count and two spans; a field its name, type, span and default
  /// flag; an argument its param, source tag, source and span. A screen
  /// takes more than 32 (its three spans alone take 24).
  static let minimumBytes = (
    screens: 32, actions: 10, transitions: 19, parameters: 11, arguments: 11
  )

  /// The fewest bytes of the file that records of these sizes take.
  var minimumBytes: UInt64 {
    let least = Self.minimumBytes
    return UInt64(screens) * UInt64(least.screens) + UInt64(actions) * UInt64(least.actions)
      + UInt64(transitions)
      * UInt64(least.transitions) + UInt64(parameters) * UInt64(least.parameters)
      + UInt64(arguments) * UInt64(least.arguments)
  }
}

/// The tag of each kind of element; a new kind is a new format version.
enum CompiledTag {
  // Transition kinds.
  static let push: UInt8 = 0
  static let present: UInt8 = 1
  static let replace: UInt8 = 2
  static let root: UInt8 = 3
  static let popTo: UInt8 = 4
  static let pop: UInt8 = 5
  static let popToRoot: UInt8 = 6
  static let dismiss: UInt8 = 7
  static let stay: UInt8 = 8
  static let finish: UInt8 = 9
  static let start: UInt8 = 10
  static let run: UInt8 = 11
  static let invalid: UInt8 = 12
  static let select: UInt8 = 13
  // Flow start kinds.
  static let startScreen: UInt8 = 0
  static let startRun: UInt8 = 1
  static let startFinish: UInt8 = 2
  static let startInvalid: UInt8 = 3
  // Back behaviours.
  static let backPop: UInt8 = 0
  static let backDisabled: UInt8 = 1
  static let backCustom: UInt8 = 2
  // Argument sources.
  static let literal: UInt8 = 0
  static let payload: UInt8 = 1
  static let screenParameter: UInt8 = 2
  static let actionParameter: UInt8 = 3
  static let flowInput: UInt8 = 4
  // Value types.
  static let typeString: UInt8 = 0
  static let typeInt: UInt8 = 1
  static let typeDouble: UInt8 = 2
  static let typeBool: UInt8 = 3
  static let typeURL: UInt8 = 4
  static let typeDate: UInt8 = 5
  static let typeList: UInt8 = 6
  static let typeOptional: UInt8 = 7
  static let typeNamed: UInt8 = 8
  // Values.
  static let valueNull: UInt8 = 0
  static let valueFalse: UInt8 = 1
  static let valueTrue: UInt8 = 2
  static let valueInt: UInt8 = 3
  static let valueDouble: UInt8 = 4
  static let valueString: UInt8 = 5
  static let valueURL: UInt8 = 6
  static let valueDate: UInt8 = 7
  static let valueList: UInt8 = 8
}
