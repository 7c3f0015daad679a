import FlowGraphCore
import FlowGraphTestSupport
import Foundation
import Testing

/// How a deep link's values bind along its route (SPEC §6.2): in scope on
/// every edge after the trigger's payload (so before the current screen's
/// params and the flow's input), and on the last edge winning over `with`
/// literals, never over what a task returned.
@Suite("Runtime: link values along a route")
@MainActor
struct RuntimeLinkScopeTests {
  static let graph: FlowGraph = {
    let text = """
      flowgraph: 1
      entry: app
      tasks:
        fetchItem:
          input: { itemId: int }
          outcomes: { found: { name: string } }
      flows:
        app:
          input: { teamId: { type: string, default: mine } }
          start: home
          screens:
            home:
              params: { tab: { type: string, default: feed } }
              deeplink: /home
              actions:
                itemTapped:
                  params: { itemId: int }
                  run: fetchItem
                  outcomes: { found: { push: item } }
                membersPressed: { push: members }
                teamPressed: { push: team, with: { teamId: fixed } }
            item:
              params: { itemId: int, name: string? }
              deeplink: /items/{itemId}
            members:
              params: { teamId: string }
              actions:
                memberPicked: { params: { memberId: int }, push: member }
            member:
              params: { teamId: string, memberId: int }
              deeplink: /teams/{teamId}/members/{memberId}
            team:
              params: { teamId: string }
              actions:
                ownerPicked: { params: { ownerId: int }, push: owner }
            owner:
              params: { teamId: string?, ownerId: int }
              deeplink: /owners/{ownerId}
      """
    return TestFlows.graph(text, file: "scope.yaml")
  }()

  static func runner() throws -> FlowRunner {
    let runner = FlowRunner(graph: graph, navigator: RecordingNavigator(graph))
    try runner.registerTask("fetchItem") { _ in
      TaskResult("found", ["name": .string("FromServer")])
    }
    return runner
  }

  /// The screens of the base layer, each with its params.
  func stack(_ runner: FlowRunner) -> [String] {
    let screens: [ScreenInstance] = runner.state.layers.first?.screens ?? []
    return screens.map { shown in
      let name = Self.graph.screens[shown.screen.index].name
      return "\(name)(\(shown.params.map(\.eventSyntax).joined(separator: ", ")))"
    }
  }

  @Test("what a task returned wins over a query item of the same name")
  func aTasksPayloadWinsOverTheLink() async throws {
    let runner = try Self.runner()
    try await runner.start()
    try await runner.send(.open("/items/3?name=FromLink"))
    #expect(runner.currentScreen?.params == [.int(3), .string("FromServer")])
  }

  @Test("on an edge before the last, the link's values come before the flow's input")
  func theLinkIsInScopeOnEveryEdge() async throws {
    let runner = try Self.runner()
    try await runner.start()
    try await runner.send(.open("/teams/acme/members/7"))
    #expect(
      stack(runner) == [
        "home(feed)", "members(acme)", "member(acme, 7)",
      ])
  }

  @Test("a literal of an edge before the last stays; the last edge takes the link's value")
  func onlyTheLastEdgesLiteralsGiveWay() async throws {
    let runner = try Self.runner()
    try await runner.start()
    try await runner.send(.open("/owners/5?teamId=acme"))
    #expect(
      stack(runner) == [
        "home(feed)", "team(fixed)", "owner(acme, 5)",
      ])
  }

  @Test("the entry flow's start screen takes the link's values when it is the target")
  func theEntryStartTakesTheLink() async throws {
    let runner = try Self.runner()
    try await runner.start()
    try await runner.send(.open("/home?tab=inbox"))
    #expect(stack(runner) == ["home(inbox)"])
    try await runner.send(.open("/home"))
    #expect(stack(runner) == ["home(feed)"])
  }
}
