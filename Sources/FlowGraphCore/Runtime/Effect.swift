/// What a step did, in order: the transitions it took, the navigation
/// changes, the screens and flows that came and went, and the task outcomes
/// it used. The runner executes effects (navigator, lifecycle hooks) only
/// after the step is committed. (The rare, large cases are stored
/// indirectly, so that an effect stays small on the push/pop path.)
public enum Effect: Hashable, Sendable {
  /// A transition of a flow was taken (for the trace).
  case transition(Transition.Kind, flow: FlowInstanceID)
  /// The UI changes.
  case navigation(NavigationChange)
  /// A screen instance was shown (pushed, presented, replaced in, set as root).
  case screenEntered(ScreenInstance)
  /// A screen instance went away (popped, replaced, its layer closed).
  case screenExited(ScreenInstance)
  /// A flow instance started.
  indirect case flowStarted(FlowInstance)
  /// A flow instance ended with a result, after its screens and layers went away.
  indirect case flowFinished(FlowInstance, result: FlowResultRef, payload: [Value])
  /// A task hook returned this outcome (index in the task's outcomes) and payload.
  indirect case taskReturned(TaskID, outcome: Int, payload: [Value])
}
