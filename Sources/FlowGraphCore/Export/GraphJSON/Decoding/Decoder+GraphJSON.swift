/// Kind-checked reads of single values, with errors in the format's words
/// ("expected an integer, found a string") at the value's path.
extension Decoder {
  /// The path of the value being decoded.
  var jsonPath: String { GraphJSONPath.text(codingPath) }

  /// What the value is, in words, for error messages. Foundation reads
  /// scalars lazily, so a malformed one (`01`, a lone surrogate) is found
  /// here, when it is read.
  var foundKind: String {
    guard let value = try? singleValueContainer() else { return "a value" }
    if value.decodeNil() { return "null" }
    if (try? value.decode(Bool.self)) != nil { return "a boolean" }
    do {
      return "the number \(try value.decode(Double.self))"
    } catch is DecodingError {
      // Not a number.
    } catch {
      return "a malformed number (not valid JSON, or out of range)"
    }
    do {
      _ = try value.decode(String.self)
      return "a string"
    } catch is DecodingError {
      // Not a string.
    } catch {
      return "a malformed string (not valid JSON)"
    }
    if (try? unkeyedContainer()) != nil { return "an array" }
    return "an object"
  }

  /// An error saying that `expected` was expected here and what was found.
  func mismatch(expected: String) -> GraphJSONError {
    GraphJSONError("expected \(expected), found \(foundKind)", path: jsonPath)
  }

  /// The value as a string.
  func string() throws(GraphJSONError) -> String {
    guard let text = try? singleValueContainer().decode(String.self) else {
      throw mismatch(expected: "a string")
    }
    return text
  }

  /// The value as an integer.
  func int() throws(GraphJSONError) -> Int {
    guard let number = try? singleValueContainer().decode(Int.self) else {
      throw mismatch(expected: "an integer")
    }
    return number
  }

  /// The value as a boolean.
  func bool() throws(GraphJSONError) -> Bool {
    guard let flag = try? singleValueContainer().decode(Bool.self) else {
      throw mismatch(expected: "true or false")
    }
    return flag
  }
}

/// A string element of an array, refused with a clear message when it is not one.
struct JSONStringElement: Decodable {
  var value: String

  init(from decoder: any Decoder) throws {
    value = try decoder.string()
  }
}

/// An integer element of an array, refused with a clear message when it is not one.
struct JSONIntElement: Decodable {
  var value: Int

  init(from decoder: any Decoder) throws {
    value = try decoder.int()
  }
}
