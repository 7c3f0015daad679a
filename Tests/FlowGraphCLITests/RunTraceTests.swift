import Foundation
import Testing

/// The step lines and `--trace json` carry what the library's step record
/// does: the transitions taken, the current screen's params, and the result
/// and payload of a child flow that ended.
@Suite("flowgraph run: what a step carries")
struct RunTraceTests {
  static let arguments = [
    "run", "Flows/image-picker.yaml", "--outcome", "requestPhotoAccess=granted", "--events",
    "addPhotoButtonPressed,albumsButtonPressed,albumSelected(albumId=holidays),photoSelected(imageId=IMG_0042)",
  ]

  @Test func aChildFlowsResultIsInItsStepLine() throws {
    let result = try CLI.run(Self.arguments)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.contains(
        "step 4: photoSelected(imageId=IMG_0042) [imagePicker finished: picked(imageId=IMG_0042)]"
          + " -> newPost/caption, layers [composer, caption]\n"), "\(result.stdout)")
  }

  @Test func theJSONTraceCarriesTransitionsParamsAndResults() throws {
    let result = try CLI.run(Self.arguments + ["--trace", "json"])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    let steps = try lines.map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    let last = try #require(steps.last)
    // SPEC §4's fields are intact.
    #expect(last["step"] as? Int == 4)
    #expect(last["event"] as? String == "photoSelected(imageId=IMG_0042)")
    #expect(last["flow"] as? String == "newPost")
    #expect(last["screen"] as? String == "caption")
    #expect(last["layers"] as? [[String]] == [["composer", "caption"]])
    // And the record's.
    #expect(last["transitions"] as? [String] == ["finish picked", "push caption"])
    #expect(last["params"] as? [String: String] == ["imageId": "IMG_0042"])
    let child = try #require((last["results"] as? [[String: Any]])?.first)
    #expect(child["flow"] as? String == "imagePicker")
    #expect(child["result"] as? String == "picked")
    #expect(child["payload"] as? [String: String] == ["imageId": "IMG_0042"])
    #expect(lines[3].hasPrefix(#"{"step": 3, "event": "albumSelected(albumId=holidays)""#))
    #expect(steps[3]["params"] as? [String: String] == ["albumId": "holidays"])
    #expect(steps[0]["transitions"] == nil, "the start step took no transition")
  }
}
