import FlowGraphCore

/// Values for params, payloads and inputs, chosen by the fuzz bytes: well
/// typed (the runtime must accept them) or, on request, possibly mistyped.
struct ValueMaker {
  let graph: FlowGraph

  private static let strings = ["", "a", "hello", "x, y", "ü→🙂", "\"quoted\"", "line\nbreak"]

  /// A value of `type`.
  func value(of type: ValueType, _ source: inout ByteSource, depth: Int = 0) -> Value {
    switch type {
    case .string: return .string(Self.strings[source.pick(Self.strings.count)])
    case .int: return .int(Int(Int8(bitPattern: source.byte())))
    case .double: return .double(Double(Int8(bitPattern: source.byte())) / 4)
    case .bool: return .bool(source.byte() & 1 == 1)
    case .url: return .url("https://example.com/\(source.byte())")
    case .date: return .date("2024-0\(1 + source.pick(9))-1\(source.pick(10))")
    case .list(let element):
      let count = depth > 2 ? 0 : source.pick(3)
      return .list((0..<count).map { _ in value(of: element, &source, depth: depth + 1) })
    case .optional(let wrapped):
      return source.chance(30) ? .null : value(of: wrapped, &source, depth: depth)
    case .named(let id):
      let cases = graph.types[id.index].cases
      return .string(cases.isEmpty ? "" : cases[source.pick(cases.count)])
    }
  }

  /// Any value at all (usually of the wrong type for some param).
  func anyValue(_ source: inout ByteSource) -> Value {
    switch source.pick(8) {
    case 0: return .null
    case 1: return .bool(true)
    case 2: return .int(Int(source.byte()))
    case 3: return .double(.nan)
    case 4: return .string("no-such-case")
    case 5: return .url("not a url")
    case 6: return .date("2024-13-45")
    default: return .list([.null])
    }
  }

  /// Well-typed values for `params`, by name.
  func arguments(for params: [Parameter], _ source: inout ByteSource) -> [String: Value] {
    var arguments: [String: Value] = [:]
    for parameter in params {
      if parameter.type.isOptional, source.chance(20) { continue }
      arguments[parameter.name] = value(of: parameter.type, &source)
    }
    return arguments
  }

  /// Arguments that may be wrong: a missing, extra or mistyped field.
  func suspectArguments(for params: [Parameter], _ source: inout ByteSource) -> [String: Value] {
    var arguments = self.arguments(for: params, &source)
    switch source.pick(3) {
    case 0 where !params.isEmpty:
      arguments[params[source.pick(params.count)].name] = nil
    case 1:
      arguments["noSuchField"] = anyValue(&source)
    default:
      if !params.isEmpty {
        arguments[params[source.pick(params.count)].name] = anyValue(&source)
      }
    }
    return arguments
  }

  /// Whether `arguments` are exactly well typed for `params` (every
  /// non-optional given, nothing extra, every value fits).
  func fits(_ arguments: [String: Value], _ params: [Parameter]) -> Bool {
    for parameter in params {
      guard let value = arguments[parameter.name] else {
        // An optional param, or one with a default (SPEC §6.3), may be left out.
        if parameter.mayBeOmitted { continue }
        return false
      }
      if graph.coerce(value, to: parameter.type) == nil { return false }
    }
    return arguments.keys.allSatisfy { name in params.contains { $0.name == name } }
  }
}
