// swift-tools-version:6.1
import PackageDescription

// An app target whose flow file becomes typed Swift at build time, through the
// FlowGraphPlugin of the package two folders up (docs/generated-swift.md).
let package = Package(
  name: "PluginExample",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [.package(name: "flowgraph", path: "../..")],
  targets: [
    .executableTarget(
      name: "OnboardingApp",
      dependencies: [.product(name: "FlowGraphCore", package: "flowgraph")],
      plugins: [.plugin(name: "FlowGraphPlugin", package: "flowgraph")]
    )
  ],
  swiftLanguageModes: [.v6]
)
