#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension FlowEvent {
  /// Opens the deep link `url` (SPEC §6.2), as the `open` case does with its
  /// text: what an app gets from `onOpenURL` or
  /// `application(_:open:options:)` can be sent as is,
  /// `try await runner.send(.open(url))`.
  public static func open(_ url: URL) -> FlowEvent {
    .open(url.absoluteString)
  }
}
