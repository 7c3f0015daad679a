import Foundation
import Testing

/// `flowgraph run` and param defaults (SPEC §6.3): an event, `--outcome` and
/// `--input` may leave out a field with a default; the run fills it in.
@Suite("flowgraph run: fields with defaults")
struct RunDefaultsTests {
  static let flow = """
    flowgraph: 1
    entry: app
    tasks:
      load:
        outcomes: { done: { count: { type: int, default: 5 }, label: string } }
    flows:
      app:
        input: { user: string, tab: { type: string, default: feed } }
        start: home
        screens:
          home:
            params: { user: string, tab: string }
            actions:
              openPressed:
                params: { postId: int, zoom: { type: double, default: 1.5 } }
                run: load
                outcomes: { done: { push: detail } }
          detail:
            params: { postId: int, zoom: double, count: int, label: string }
    """

  @Test func eventsOutcomesAndInputMayLeaveOutDefaultedFields() throws {
    let result = try RunTest.run(
      yaml: Self.flow,
      [
        "--trace", "json", "--input", "user=ann", "--outcome", "load=done(label=x)",
        "--events", "openPressed(postId=3)",
      ])
    #expect(result.status == 0, "\(result.stderr)")
    let steps = try RunTest.trace(result.stdout)
    #expect(
      steps.map(RunTest.summary) == [
        "start -> app/home [home]",
        "openPressed(postId=3) -> app/detail [home,detail]",
      ])
    let tasks = try #require(steps.last?["tasks"] as? [[String: Any]])
    let payload = try #require(tasks.first?["payload"] as? [String: Any])
    #expect(payload["count"] as? Int == 5)
  }

  @Test func aFieldWithoutADefaultIsStillRequired() throws {
    let missingInput = try RunTest.run(
      yaml: Self.flow, ["--outcome", "load=done(label=x)", "--events", "openPressed(postId=3)"])
    #expect(missingInput.status == 2)
    #expect(missingInput.stderr.contains("user"))
    let missingPayload = try RunTest.run(
      yaml: Self.flow,
      ["--input", "user=ann", "--outcome", "load=done", "--events", "openPressed(postId=3)"])
    #expect(missingPayload.status == 2)
    #expect(missingPayload.stderr.contains("label"))
    let missingParam = try RunTest.run(
      yaml: Self.flow,
      ["--input", "user=ann", "--outcome", "load=done(label=x)", "--events", "openPressed"])
    #expect(missingParam.status == 1)
    #expect(missingParam.stderr.contains("postId"))
  }
}
