import SceneCore
import Testing

/// The codes of SceneCore's error types (Application, Drawing, Keyboard, Text, Tables) describe themselves by
/// their names: what a host prints and logs for them.
@Suite("SceneCore error codes")
struct ErrorCodeTests {
    @Test("Every code of every SceneCore error type describes itself by its name", arguments: [
        (ApplicationError.Code.duplicateSceneName.description, "duplicateSceneName"),
        (ApplicationError.Code.invalidSceneName.description, "invalidSceneName"),
        (ImageError.Code.notPNG.description, "notPNG"),
        (ImageError.Code.truncated.description, "truncated"),
        (ImageError.Code.badDimensions.description, "badDimensions"),
        (ImageError.Code.pixelCountMismatch.description, "pixelCountMismatch"),
        (KeyboardInputError.Code.unknownKey.description, "unknownKey"),
        (KeyboardInputError.Code.unknownModifier.description, "unknownModifier"),
        (KeyboardInputError.Code.unknownPhase.description, "unknownPhase"),
        (TextEditError.Code.offsetOutOfRange.description, "offsetOutOfRange"),
        (TextEditError.Code.invalidCharacter.description, "invalidCharacter"),
        (TextEditError.Code.notEditable.description, "notEditable"),
        (TableViewError.Code.unregisteredReuseIdentifier.description, "unregisteredReuseIdentifier"),
        (TableViewError.Code.indexPathOutOfRange.description, "indexPathOutOfRange"),
    ])
    func describesItselfByName(description: String, name: String) {
        #expect(description == name)
    }

    @Test("An error describes itself by its message, and codes compare by kind")
    func errorDescriptionAndEquality() {
        let error = ImageError(code: .truncated, message: "the PNG ends after 12 bytes")
        #expect(error.description == "the PNG ends after 12 bytes")
        #expect(error.code == .truncated)
        #expect(error.code != .notPNG)
    }
}
