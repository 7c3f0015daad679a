/// What a step did, in order: the transitions it took, the navigation
/// changes, the screens and flows that came and went, and the task outcomes
/// it used. The runner executes effects (navigator, lifecycle hooks) only
/// after the step is committed.
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
  case flowStarted(FlowInstance)
  /// A flow instance ended with a result, after its screens and layers went away.
  case flowFinished(FlowInstance, result: FlowResultRef, payload: [Value])
  /// A task hook returned this outcome (index in the task's outcomes) and payload.
  case taskReturned(TaskID, outcome: Int, payload: [Value])
}
