import Foundation
import Testing

/// `flowgraph run` arguments typed `int` that `int` cannot hold are out of
/// range, not "must be int": an event's, an outcome's and the flow input's.
@Suite("flowgraph run: integers out of int's range")
struct RunIntegerRangeTests {
  private static let range = "out of range for int (-9223372036854775808…9223372036854775807)"

  @Test(arguments: ["99999999999999999999", "-9223372036854775809"])
  func anEventArgumentOutOfRangeSaysSo(_ number: String) throws {
    let result = try RunTest.run(
      yaml: valuesFlow, ["--events", "fetch(count=\(number))", "--outcome", "load=loaded(title=T)"])
    #expect(result.status == 1)
    #expect(
      result.stderr.hasPrefix(
        "error: event 1 (fetch(count=\(number))): 'count' of action 'fetch' of screen 'home': integer literal \(number) is \(Self.range)\n"
      ), "\(result.stderr)")
  }

  /// Quoted, it is a string, which is no int; and `0x` is not the
  /// arguments' syntax, so it is not an integer that is too large.
  @Test(arguments: [
    (#"fetch(count="99999999999999999999")"#, #"not "99999999999999999999""#),
    ("fetch(count=0x8000000000000000)", "not '0x8000000000000000'"),
  ])
  func otherTextIsStillMistyped(_ event: String, _ tail: String) throws {
    let result = try RunTest.run(
      yaml: valuesFlow, ["--events", event, "--outcome", "load=loaded(title=T)"])
    #expect(result.status == 1)
    #expect(
      result.stderr.hasPrefix(
        "error: event 1 (\(event)): 'count' of action 'fetch' of screen 'home' must be int, \(tail)\n"
      ), "\(result.stderr)")
  }

  @Test func anOutcomeFieldOutOfRangeSaysSo() throws {
    let outcome = "load=failed(message=x,code=9223372036854775808)"
    let result = try RunTest.run(
      yaml: valuesFlow, ["--events", "fetch(count=1)", "--outcome", outcome])
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "error: --outcome '\(outcome)': 'code' of outcome 'failed' of task 'load': integer literal 9223372036854775808 is \(Self.range)\n"
    )
  }

  @Test func flowInputOutOfRangeSaysSo() throws {
    let yaml = """
      flowgraph: 1
      flows:
        main:
          input: { userId: int }
          start: home
          screens:
            home:
              params: { userId: int }
      """
    let result = try RunTest.run(yaml: yaml, ["--input", "userId=99999999999999999999"])
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "error: --input: 'userId' of the input of flow 'main': integer literal 99999999999999999999 is \(Self.range)\n"
    )
  }
}
