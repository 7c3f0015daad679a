import Foundation
import Testing

@Suite("flowgraph run: interactive line editing, help, replay", .serialized)
struct RunInteractiveEditingTests {
  static let up = "\u{1B}[A"
  static let left = "\u{1B}[D"

  @Test func upRecallsEarlierLinesAndTheArrowsEditTheLine() throws {
    let terminal = try TerminalSession(["run", "Flows/onboarding.yaml"])
    try terminal.expect("\n> ")
    terminal.type("nextToPage2ButtonPressed")
    try terminal.expect("tutorial/page2")
    try terminal.expect("\n> ")
    terminal.type("back")
    try terminal.expect("step 2: back -> tutorial/page1")
    try terminal.expect("\n> ")
    terminal.press(Self.up + Self.up + "\n")
    let recalled = try terminal.expect("\n> ")
    #expect(recalled.contains("step 3: nextToPage2ButtonPressed -> tutorial/page2"), "\(recalled)")
    #expect(!recalled.contains("^[[A"))
    // A typo mended in the middle of the line.
    terminal.press("skipButtonPresed" + Self.left + Self.left + "s\n")
    let end = try terminal.expect("skipButtonPressed\n")
    #expect(end.contains("finished with 'skipped' (atPage=2)."), "\(end)")
    #expect(
      end.contains(
        "Replay: flowgraph run Flows/onboarding.yaml --events"
          + " nextToPage2ButtonPressed,back,nextToPage2ButtonPressed,skipButtonPressed\n"),
      "\(end)")
    #expect(try terminal.finish() == 0)
  }

  @Test func helpListsTheCommandsAndTheKeys() throws {
    let terminal = try TerminalSession(["run", "Flows/onboarding.yaml"])
    try terminal.expect("\n> ")
    terminal.type("help")
    let help = try terminal.expect("\n> ")
    #expect(help.contains("quit      end the session"))
    #expect(help.contains("Up and Down recall earlier lines"))
    #expect(!help.contains("Not possible"))
    terminal.type("quit")
    let end = try terminal.expect("Bye.")
    #expect(!end.contains("Replay:"), "nothing was done")
    #expect(try terminal.finish() == 0)
  }

  @Test func quittingPrintsTheReplayWithTheOutcomesTaken() throws {
    let terminal = try TerminalSession(["run", "Flows/image-picker.yaml"])
    try terminal.expect("\n> ")
    terminal.type("addPhotoButtonPressed")
    try terminal.expect("outcome> ")
    terminal.type("granted")
    try terminal.expect("\n> ")
    terminal.type("albumsButtonPressed")
    try terminal.expect("\n> ")
    terminal.type("albumSelected(albumId=holidays)")
    try terminal.expect("\n> ")
    terminal.type("photoSelected(imageId=IMG 42)")
    let child = try terminal.expect("\n> ")
    #expect(child.contains("[imagePicker finished: picked(imageId=IMG 42)]"), "\(child)")
    #expect(child.contains("Flow 'imagePicker' finished with 'picked' (imageId=IMG 42)."))
    terminal.press("\u{3}")
    let end = try terminal.expect("Bye.")
    #expect(
      end.contains(
        "Replay: flowgraph run Flows/image-picker.yaml --outcome requestPhotoAccess=granted"
          + " --events 'addPhotoButtonPressed,albumsButtonPressed,albumSelected(albumId=holidays),"
          + "photoSelected(imageId=IMG 42)'\n"), "\(end)")
    #expect(try terminal.finish() == 0)
  }
}
