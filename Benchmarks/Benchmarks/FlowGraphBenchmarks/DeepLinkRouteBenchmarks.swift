import Benchmark
import FlowGraphCore

/// The deep-link routes (SPEC §6.2): the forward graph of a generated file's
/// compiled graph (what `unroutable-deeplink`, `open(url)` and `flowgraph
/// routes` share) and the route to every screen with a deep link, each
/// carrying its screen's params, as `flowgraph routes` asks.
func registerDeepLinkRoutes(_ size: SuiteSize) {
  Benchmark(
    "Deep-link routes \(size.label)", configuration: size.validationConfiguration,
    closure: { benchmark, graph in
      let linked = graph.screens.indices.filter { graph.screens[$0].deeplink != nil }
      for _ in benchmark.scaledIterations {
        let forward = ForwardGraph(graph: graph)
        var routed = 0
        for index in linked {
          let params = graph.screens[index].params
          let route = forward.route(to: ScreenID(index)) { name in
            params.contains { $0.name == name }
          }
          if route != nil { routed += 1 }
        }
        guard routed == linked.count, !linked.isEmpty else {
          fatalError("\(linked.count - routed) of \(linked.count) deep links have no route")
        }
        blackHole(routed)
      }
    },
    setup: { try cleanGraph(size) })
}
