// swift-tools-version:6.1
import PackageDescription

let package = Package(
  name: "flowgraph",
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [
    .library(name: "FlowGraphCore", targets: ["FlowGraphCore"]),
    .library(name: "FlowGraphYAML", targets: ["FlowGraphYAML"]),
    .executable(name: "flowgraph", targets: ["flowgraph"]),
    .plugin(name: "FlowGraphPlugin", targets: ["FlowGraphPlugin"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    // Only for `swift package generate-documentation` (the DocC catalogs); no product uses it.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
  ],
  targets: [
    // Pure Swift: model, diagnostics, validator, runtime, exports. No C, no libyaml.
    .target(
      name: "FlowGraphCore",
      dependencies: [.product(name: "Logging", package: "swift-log")]
    ),
    // The system libyaml (apt: libyaml-dev, brew: libyaml).
    .systemLibrary(
      name: "CFlowGraphLibYAML",
      pkgConfig: "yaml-0.1",
      providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
    ),
    // The YAML front end: libyaml events → YAML nodes → DSL syntax → FlowGraph.
    .target(
      name: "FlowGraphYAML",
      dependencies: ["FlowGraphCore", "CFlowGraphLibYAML"]
    ),
    .executableTarget(
      name: "flowgraph",
      dependencies: [
        "FlowGraphCore",
        "FlowGraphYAML",
        "FlowGraphSwiftGen",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // libFuzzer targets (Scripts/fuzz.sh builds them with -sanitize=fuzzer,address and
    // -DFUZZING); a plain build gives a replayer that runs the same checks on files.
    .target(name: "FuzzSupport"),
    .executableTarget(
      name: "FuzzPipeline", dependencies: ["FlowGraphCore", "FlowGraphYAML", "FuzzSupport"]),
    .executableTarget(
      name: "FuzzRuntime", dependencies: ["FlowGraphCore", "FlowGraphYAML", "FuzzSupport"]),
    // What several test targets share (the package root, scratch folders, inline flow
    // files); only test targets depend on it.
    .target(
      name: "FlowGraphTestSupport",
      dependencies: ["FlowGraphCore", "FlowGraphYAML"],
      path: "Tests/FlowGraphTestSupport"
    ),
    .testTarget(
      name: "FlowGraphCoreTests",
      dependencies: ["FlowGraphCore", "FlowGraphYAML", "FlowGraphTestSupport"]
    ),
    .testTarget(
      name: "FlowGraphYAMLTests",
      dependencies: ["FlowGraphYAML", "FlowGraphCore", "FlowGraphTestSupport"],
      resources: [.copy("Resources")]
    ),
    .testTarget(
      name: "FlowGraphCLITests",
      dependencies: ["flowgraph", "FlowGraphCore", "FlowGraphTestSupport"]
    ),
    // `flowgraph generate swift`: a flow graph's typed Swift API (SPEC §7). Pure Swift.
    .target(name: "FlowGraphSwiftGen", dependencies: ["FlowGraphCore"]),
    // Runs `flowgraph generate swift` on a target's flow files at build time (SPEC §7).
    .plugin(name: "FlowGraphPlugin", capability: .buildTool(), dependencies: ["flowgraph"]),
    // The typed API of every file in Flows/, generated and checked in (a drift test
    // regenerates it), and the tests that drive the flows through it.
    .testTarget(
      name: "GeneratedSwiftTests",
      dependencies: [
        "FlowGraphCore", "FlowGraphYAML", "FlowGraphSwiftGen", "FlowGraphTestSupport",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
