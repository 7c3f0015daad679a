import Foundation
import Testing

@Suite("flowgraph run: interactive, on a pseudo-terminal", .serialized)
struct RunInteractiveTests {
  @Test func theTutorialIsWalkedToItsResult() throws {
    let terminal = try TerminalSession(["run", "Flows/onboarding.yaml"])
    let first = try terminal.expect("\n> ")
    #expect(first.contains("tutorial › page1  \"Welcome\""))
    #expect(first.contains("layer 0 (base, tutorial):  page1"))
    #expect(first.contains("1) nextToPage2ButtonPressed\n  2) skipButtonPressed\n  q) quit"))
    terminal.type("1")
    let second = try terminal.expect("\n> ")
    #expect(
      second.contains("step 1: nextToPage2ButtonPressed -> tutorial/page2, layers [page1, page2]"))
    #expect(second.contains("layer 0 (base, tutorial):  page1 › page2"))
    #expect(second.contains("3) back"))
    terminal.type("nextToPage3ButtonPressed")
    try terminal.expect("3) back")
    terminal.type("1")
    let end = try terminal.expect("finished with 'completed'.")
    #expect(end.contains("step 3: completeButtonPressed -> finished, no layers"))
    #expect(try terminal.finish() == 0)
  }

  @Test func aWrongEventNamesThePossibleOnesAndTheRunGoesOn() throws {
    let terminal = try TerminalSession(["run", "Flows/onboarding.yaml"])
    try terminal.expect("\n> ")
    terminal.type("nextToPage2Button")
    let answer = try terminal.expect("\n> ")
    #expect(
      answer.contains(
        "Not possible: screen 'page1' of flow 'tutorial' has no action 'nextToPage2Button'; its actions: nextToPage2ButtonPressed, skipButtonPressed"
      ))
    terminal.type("back")
    #expect(
      try terminal.expect("\n> ").contains("Not possible: 'back' is not possible on screen 'page1'")
    )
    terminal.type("7")
    #expect(try terminal.expect("\n> ").contains("Type a number from 1 to 2, an event, or quit."))
    terminal.type("2")
    try terminal.expect("finished with 'skipped' (atPage=1).")
    #expect(try terminal.finish() == 0)
  }

  @Test func tasksAskForTheirOutcomeAndPayload() throws {
    let terminal = try TerminalSession(["run", "Flows/login-app.yaml"])
    let task = try terminal.expect("outcome> ")
    #expect(task.contains("Task 'restoreSession' runs. Which outcome does it take?"))
    #expect(task.contains("1) signedIn(token: string)\n  2) signedOut"))
    terminal.type("2")
    #expect(
      try terminal.expect("\n> ").contains(
        "1) signInButtonPressed(email: string, password: string)  (runs a task)"))
    terminal.type("1")
    try terminal.expect("email (string): ")
    terminal.type("ann@example.com")
    try terminal.expect("password (string): ")
    terminal.type("hunter2")
    #expect(
      try terminal.expect("outcome> ").contains(
        "Task 'signIn' (email=ann@example.com, password=hunter2) runs."))
    terminal.type("invalidCredentials")
    try terminal.expect("message (string): ")
    terminal.type("Wrong password")
    let modal = try terminal.expect("\n> ")
    #expect(
      modal.contains("[signIn: invalidCredentials(message=Wrong password)] -> app/signInError"))
    #expect(modal.contains("layer 1 (modal 1, app):  signInError"))
    terminal.type("okButtonPressed")
    try terminal.expect("\n> ")
    terminal.type("signInButtonPressed(email=ann@example.com,password=hunter2)")
    try terminal.expect("outcome> ")
    terminal.type("1")
    try terminal.expect("token (string): ")
    terminal.type("t0k3n")
    #expect(try terminal.expect("\n> ").contains("app › feed  \"Feed\"  (token=t0k3n)"))
    terminal.type("2")
    try terminal.expect("postId (int): ")
    terminal.type("forty-two")
    #expect(
      try terminal.expect("postId (int): ").contains(
        "'forty-two' is not a int; a whole number such as 42."))
    terminal.type("42")
    #expect(try terminal.expect("\n> ").contains("layer 0 (base, app):  feed › post"))
    terminal.type("quit")
    try terminal.expect("Bye.")
    #expect(try terminal.finish() == 0)
  }

  @Test func anActionTypedByNameAsksForTheParamsLeftOut() throws {
    let terminal = try TerminalSession(["run", "Flows/login-app.yaml"])
    try terminal.expect("outcome> ")
    terminal.type("2")
    try terminal.expect("\n> ")
    terminal.type("signInButtonPressed(email=ann@example.com)")
    try terminal.expect("password (string): ")
    terminal.type("hunter2")
    #expect(
      try terminal.expect("outcome> ").contains(
        "Task 'signIn' (email=ann@example.com, password=hunter2) runs."))
    terminal.type("quit")
    try terminal.expect("Bye.")
    #expect(try terminal.finish() == 0)
  }

  @Test func theEndOfInputQuits() throws {
    let terminal = try TerminalSession(["run", "Flows/onboarding.yaml"])
    try terminal.expect("\n> ")
    terminal.endInput()
    try terminal.expect("Bye.")
    #expect(try terminal.finish() == 0)
  }

  @Test func fieldsWithADefaultShowItAndMayBeLeftEmpty() throws {
    let folder = try RunTest.folder(["flow.yaml": RunDefaultsTests.flow])
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("flow.yaml").path
    let terminal = try TerminalSession(["run", path, "--input", "user=ann"])
    let first = try terminal.expect("\n> ")
    #expect(first.contains("app › home  (user=ann, tab=feed)"))
    #expect(first.contains("1) openPressed(postId: int, zoom: double = 1.5)  (runs a task)"))
    terminal.type("1")
    try terminal.expect("postId (int): ")
    terminal.type("3")
    try terminal.expect("zoom (double, empty for the default 1.5): ")
    terminal.type("")
    let task = try terminal.expect("outcome> ")
    #expect(task.contains("1) done(count: int = 5, label: string)"))
    terminal.type("1")
    try terminal.expect("count (int, empty for the default 5): ")
    terminal.type("")
    try terminal.expect("label (string): ")
    terminal.type("x")
    #expect(
      try terminal.expect("\n> ").contains("app › detail  (postId=3, zoom=1.5, count=5, label=x)"))
    terminal.type("quit")
    try terminal.expect("Bye.")
    #expect(try terminal.finish() == 0)
  }
}
