public import SceneCore
public import SceneErrors

/// One keyboard input record: the single path by which keys and text reach the model, whoever
/// produced them (`Host1.SendKey`, `Window1.TypeText`, an input script, assistive tools, a display
/// layer's key and text-input events). Records are plain values, so a display thread can make them
/// and post them to the main actor, and a recorder can write them down.
///
/// A real keyboard sends a key's press and, separately, the text its input method makes of it (a
/// layout- and IME-aware string): a display layer produces `.press` for key-down and key-up and
/// `.text` for text input. Scripted keys (``records(for:stroke:)``) imitate that with the US layout:
/// a key that types something produces its text right after its `began` [KB-4].
public enum KeyboardInput: Sendable, Equatable {
    /// One phase of a key press (``SceneCore/Application/sendPress(_:phase:timestamp:)``).
    case press(Key, Press.Phase, timestamp: Double? = nil)
    /// Text from an input method (``SceneCore/Application/insertText(_:)``).
    case text(String)
    /// A media key: a remote-control event, through the same path as MPRIS commands
    /// (``SceneCore/Application/sendRemoteControl(_:timestamp:)``) [KB-6].
    case mediaKey(Event.EventSubtype)

    /// The most text one `.text` record (one `TypeText` call) may carry, in Unicode scalars.
    public static let maximumTextLength = 10_000

    /// Delivers the record to `application` and returns who took it: the responder that handled the
    /// press, the responder the text went to, the responder that handled the remote-control event;
    /// nil when nobody did.
    @MainActor
    @discardableResult
    public func deliver(to application: Application) -> Responder? {
        switch self {
        case .press(let key, let phase, let timestamp):
            return application.sendPress(key, phase: phase, timestamp: timestamp)
        case .text(let text):
            return application.insertText(text)
        case .mediaKey(let subtype):
            return application.sendRemoteControl(subtype)
        }
    }

    /// The records a scripted key makes: its phase (or `began` and `ended` for ``KeyStroke/press``),
    /// with the key's text after `began` when it types something; a media key makes one
    /// remote-control event on `began` (or `press`) and nothing for its other phases.
    public static func records(for combination: KeyCombination, stroke: KeyStroke) -> [KeyboardInput] {
        switch combination.target {
        case .media(let subtype):
            return stroke == .began || stroke == .press ? [.mediaKey(subtype)] : []
        case .key(let key):
            let typed = key.typedText.isEmpty ? [] : [KeyboardInput.text(key.typedText)]
            switch stroke {
            case .began: return [.press(key, .began)] + typed
            case .changed: return [.press(key, .changed)]
            case .ended: return [.press(key, .ended)]
            case .cancelled: return [.press(key, .cancelled)]
            case .press: return [.press(key, .began)] + typed + [.press(key, .ended)]
            }
        }
    }

    /// Checks text for `.text`: at most ``maximumTextLength`` scalars, no control character other
    /// than a line break (which acts as Return), no noncharacter.
    ///
    /// - Throws: ``InputError`` (`InvalidValue`) naming the first bad character and its offset.
    public static func checkTypedText(_ text: String) throws(InputError) {
        let count = text.scalarCount
        guard count <= maximumTextLength else {
            throw InputError(code: .invalidValue, message: "text of \(count) characters is longer than the \(maximumTextLength) one call may type")
        }
        for (offset, scalar) in text.unicodeScalars.enumerated() where scalar != "\n" {
            if TextValidation.isControl(scalar) || scalar.properties.isNoncharacterCodePoint {
                throw InputError(
                    code: .invalidValue,
                    message: "text has \(TextValidation.codePoint(scalar)) at offset \(offset): only printable characters and \\n (Return) can be typed")
            }
        }
    }
}
