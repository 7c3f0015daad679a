#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The runtime side of the Swift API that `flowgraph generate swift` writes:
/// the generated file's `Bridge` adopts this protocol and calls these
/// decoders unqualified, so that the file holds only what is specific to its
/// flows.
///
/// Meant for generated code; app code reads values with the accessors of
/// ``Value`` (`value.int`, `value.string`, …) instead. The runtime
/// type-checks every value before a generated decoder sees it, so a value of
/// the wrong kind cannot reach one: each has a harmless fallback (`0`, `""`,
/// the first case) instead of a trap.
public protocol GeneratedBridge {}

extension GeneratedBridge {
  /// The value at `index`, or `.null` past the end (an absent optional).
  public static func at(_ values: [Value], _ index: Int) -> Value {
    index < values.count ? values[index] : .null
  }

  /// The text of a `string`, `date` or `url` value.
  public static func string(_ value: Value) -> String {
    value.string ?? value.date ?? value.url ?? ""
  }

  /// The integer of an `int` value.
  public static func int(_ value: Value) -> Int {
    value.int ?? 0
  }

  /// The number of a `double` value (or of an `int`, which a `double` accepts).
  public static func double(_ value: Value) -> Double {
    value.double ?? 0
  }

  /// The flag of a `bool` value.
  public static func bool(_ value: Value) -> Bool {
    value.bool ?? false
  }

  /// The URL of a `url` value.
  public static func url(_ value: Value) -> URL {
    let text = string(value)
    return URL(string: text) ?? URL(fileURLWithPath: text.isEmpty ? "/" : text)
  }

  /// The case of a `types:` enum (a string value) as the generated Swift enum.
  public static func named<T: RawRepresentable & CaseIterable>(
    _ value: Value, as type: T.Type
  ) -> T where T.RawValue == String {
    T(rawValue: string(value)) ?? T.allCases[T.allCases.startIndex]
  }

  /// The elements of a `list` value, each decoded with `element`.
  public static func list<T>(_ value: Value, _ element: (Value) -> T) -> [T] {
    (value.list ?? []).map(element)
  }

  /// `nil` for `.null`, else the value decoded with `wrapped`.
  public static func optional<T>(_ value: Value, _ wrapped: (Value) -> T) -> T? {
    value.isNull ? nil : wrapped(value)
  }
}
