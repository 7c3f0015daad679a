/// Where a transition or start is written, which decides what its references
/// mean: the flow whose screens and results it names, the current screen whose
/// params `screenParam` names, and the trigger's payload that `payload` names.
struct TransitionScope {
  /// The flow the transition belongs to.
  var flow: FlowID
  /// The current screen; `nil` in a flow's `start`.
  var screen: ScreenID?
  /// The payload of what triggered the transition (action params, an
  /// outcome's or a result's payload).
  var payload: [Parameter]
  /// The params of the action whose `run` chain the transition is in (an
  /// outcome's `actionParam`); empty elsewhere (SPEC §6.3).
  var action: [Parameter] = []
}

extension TransitionScope {
  /// The same scope with an outcome's payload: the action's params stay in
  /// scope.
  func with(_ payload: some IndexedList<Parameter>) -> TransitionScope {
    var scope = self
    scope.payload = Array(payload)
    return scope
  }

  /// The scope of a result handler of a `start` that has `popTo` (or
  /// none): the result's payload, no action, and the screen the handler
  /// runs on (``Transition/PopTarget/handlerScreen``).
  func handler(_ payload: some IndexedList<Parameter>, popTo: Transition.PopTarget?)
    -> TransitionScope
  {
    var scope = self
    scope.payload = Array(payload)
    scope.action = []
    if let popTo { scope.screen = popTo.handlerScreen }
    return scope
  }
}
