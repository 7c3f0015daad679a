/// A runtime value: a literal in `with`, an action's argument, a param, a
/// payload field. Enum cases are strings; `url` and `date` keep their text.
public enum Value: Hashable, Sendable {
  /// An absent optional.
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  /// A URL, as written (it has a scheme).
  case url(String)
  /// An ISO 8601 date or date-time, as written.
  case date(String)
  case list([Value])
}
