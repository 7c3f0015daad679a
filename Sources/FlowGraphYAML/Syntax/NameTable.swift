import FlowGraphCore

/// One `String` per distinct name or key text in a load: the decoder reads
/// the same few hundred names (keys such as `push`, action names such as
/// `closeButtonPressed`) tens of thousands of times in a large file, and the
/// table turns each read after the first into a hash and a byte comparison.
///
/// Every model value that holds a name shares its storage, so a graph of
/// 100,000 screens keeps one copy of `closeButtonPressed`, not one per
/// action. The table lives as long as the load (it is a class so that the
/// decoders of every file and screen share it) and only holds text that is in
/// the files, so it is bounded by the loader's file-size limits.
final class NameTable {
  /// The table itself, behind a pointer: the decoders call ``string(_:)``
  /// for every key they read, and going through a pointer spares each call
  /// the dynamic exclusivity checks of a class's stored properties. The
  /// table is used by one load on one thread (the class is not `Sendable`).
  private let storage: UnsafeMutablePointer<Storage>

  init(capacity: Int = 512) {
    storage = .allocate(capacity: 1)
    storage.initialize(to: Storage(capacity: capacity))
  }

  deinit {
    storage.deinitialize(count: 1)
    storage.deallocate()
  }

  /// How many distinct texts the table holds.
  var count: Int { storage.pointee.interner.strings.count }

  /// The table's lookups, through its storage pointer (see ``Lookup``).
  var lookup: Lookup { Lookup(storage: storage) }

  /// The `String` for `text`, made the first time and shared after.
  @inline(__always)
  func string(_ text: UnsafeBufferPointer<UInt8>) -> String { lookup.string(text) }

  /// The `String` of an entry that ``entry(_:)`` or ``name(_:)`` gave.
  func text(ofEntry entry: Int32) -> String {
    storage.pointee.interner.strings[Int(entry)]
  }

  /// The `String` for `text` and its entry (see ``SyntaxName/entry``).
  @inline(__always)
  func entry(_ text: UnsafeBufferPointer<UInt8>) -> (text: String, entry: Int32) {
    lookup.entry(text)
  }

  /// The `String` for `text`, its entry and whether it is a valid DSL name
  /// (``NameRules/isValid(_:)``, checked once per distinct text).
  @inline(__always)
  func name(_ text: UnsafeBufferPointer<UInt8>) -> (text: String, entry: Int32, isValid: Bool) {
    storage.pointee.name(text)
  }

  /// The table's lookups with no reference to the table, only its storage
  /// pointer: a decoder's `mutating` method that calls the table itself
  /// retains and releases it around each call (the compiler cannot prove it
  /// alive otherwise), and the decoders look a text up for every key and
  /// name. Valid only while the table lives: ``SyntaxDecoderContext`` keeps
  /// the table with its lookup.
  struct Lookup {
    fileprivate let storage: UnsafeMutablePointer<Storage>

    /// ``NameTable/string(_:)``.
    @inline(__always)
    func string(_ text: UnsafeBufferPointer<UInt8>) -> String {
      let entry = storage.pointee.entry(text)
      return storage.pointee.interner.strings[entry]
    }

    /// ``NameTable/entry(_:)``.
    @inline(__always)
    func entry(_ text: UnsafeBufferPointer<UInt8>) -> (text: String, entry: Int32) {
      let entry = storage.pointee.entry(text)
      return (storage.pointee.interner.strings[entry], Int32(truncatingIfNeeded: entry))
    }

    /// ``NameTable/name(_:)`` for a node's text; a node that is not a
    /// scalar reads as the empty text (an invalid name).
    @inline(__always)
    func name(of node: YAMLNode) -> (text: String, entry: Int32, isValid: Bool) {
      let storage = self.storage
      return node.withUTF8Text { storage.pointee.name($0) }
        ?? storage.pointee.name(UnsafeBufferPointer(start: nil, count: 0))
    }
  }

  struct Storage {
    private(set) var interner: TextInterner
    /// Per entry: 0 not checked yet, 1 a valid name, 2 not one.
    private var validity: [UInt8] = []

    init(capacity: Int) {
      interner = TextInterner(capacity: capacity)
    }

    /// The index of `text`'s entry, added when new.
    @inline(__always)
    mutating func entry(_ text: UnsafeBufferPointer<UInt8>) -> Int {
      let entry = interner.entry(text)
      if entry == validity.count {
        validity.append(0)
      }
      return entry
    }

    mutating func name(_ text: UnsafeBufferPointer<UInt8>) -> (
      text: String, entry: Int32, isValid: Bool
    ) {
      let entry = entry(text)
      let string = interner.strings[entry]
      if validity[entry] == 0 { validity[entry] = NameRules.isValid(string) ? 1 : 2 }
      return (string, Int32(truncatingIfNeeded: entry), validity[entry] == 1)
    }
  }
}
