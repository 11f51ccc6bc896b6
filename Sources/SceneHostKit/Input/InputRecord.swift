public import SceneCore
import SceneBusContract
public import SceneErrors

/// One piece of device input: what a desktop window delivers (fingers, keys, text, focus), what the
/// host publishes as `Input` signals, and what a recording replays. ``DeviceInput`` delivers it,
/// whether it came from the display or from a script.
///
/// Its text form is a line of an input script (``scriptLine``), so a recording is a script:
///
///     touch findview 0 down 240 250                     fingers of one event, points of the scene's area
///     touch gesturelab 0 move 150 500, 1 move 240 344   (two fingers changing together)
///     key shift+a began                                 one phase of a key; no text
///     type A                                            text from the input method
///     focus gesturelab gained                           the desktop focus came to (or left) the scene's window
///     wheel toolkit 100 550 0 40                        a wheel step at (100, 550) scrolling 40 points down
///     hover toolkit 100 550                             the pointer hovering there, no button down
///     hover toolkit out                                 the hover in the scene's window ended
public enum InputRecord: Sendable, Equatable {
    /// Fingers changed together, in one input event of `scene`'s desktop window.
    case touches(scene: String, [FingerStep])
    /// A key's phase, typed text or a media key.
    case keyboard(KeyboardInput)
    /// The desktop's focus came to (`gained`) or left the scene's window.
    case focus(scene: String, gained: Bool)
    /// A wheel step over the scene's desktop window: the pointer at `location` (points of the scene's
    /// area), `delta` points in the content offset's sense, a discrete scroll [SV-17].
    case wheel(scene: String, location: Point, delta: Point)
    /// The pointer hovering at `location` (points of the scene's area) with no button down; nil: the
    /// hover ended (the pointer left the window) [SV-21].
    case hover(scene: String, location: Point?)

    /// The record a device-input line of a script describes (`touch …`, `key …`, `type …`,
    /// `focus …`, `wheel …`, `hover …`).
    ///
    /// - Throws: ``InputError`` (`InvalidValue`) naming the problem: the line does not parse, or is
    ///   another command (`tap`, `wait`…).
    public init(scriptLine line: String) throws(InputError) {
        let usage = "use touch SCENE SLOT PHASE X Y[, …], key KEY PHASE, type TEXT, focus SCENE gained|lost, wheel SCENE X Y DX DY or hover SCENE X Y|out"
        guard !line.contains("\n") else {
            throw InputError(code: .invalidValue, message: "a record is one line of device input (\\n types Return); \(usage)")
        }
        let script: InputScript
        do {
            script = try InputScript(text: line, file: "record")
        } catch {
            throw InputError(code: .invalidValue, message: "'\(line)': \(error.message)")
        }
        let commands = script.commands.map(\.command)
        if commands.count == 1, case .record(let record) = commands[0] {
            self = record
        } else if commands.count == 1, case .keyboard(let inputs) = commands[0], inputs.count == 1, case .text = inputs[0] {
            self = .keyboard(inputs[0])
        } else {
            throw InputError(code: .invalidValue, message: "'\(line)' is not one line of device input: \(usage)")
        }
    }

    /// The record as an input-script line.
    public var scriptLine: String {
        switch self {
        case .touches(let scene, let steps):
            return "touch \(scene) " + steps.map(\.scriptText).joined(separator: ", ")
        case .keyboard(.press(let key, let phase, _)):
            return "key \(key.wireName) \(phase.rawValue)"
        case .keyboard(.text(let text)):
            return "type " + TypedText.escape(text)
        case .keyboard(.mediaKey(let subtype)):
            return "key \(KeyCombination.mediaKeys.first { $0.subtype == subtype }?.name ?? subtype.wireName) began"
        case .focus(let scene, let gained):
            return "focus \(scene) \(gained ? "gained" : "lost")"
        case .wheel(let scene, let location, let delta):
            return "wheel \(scene) \(Self.numbers(location)) \(Self.numbers(delta))"
        case .hover(let scene, let location?):
            return "hover \(scene) \(Self.numbers(location))"
        case .hover(let scene, nil):
            return "hover \(scene) out"
        }
    }

    /// `X Y` of a point.
    private static func numbers(_ point: Point) -> String {
        "\(point.x.compactDescription) \(point.y.compactDescription)"
    }
}

/// One finger's change in an ``InputRecord/touches(scene:_:)`` event.
public struct FingerStep: Sendable, Equatable {
    /// The finger: 0 the pointer's, 1 its mirrored partner, 2 and up touchscreen fingers.
    public var slot: UInt32
    public var phase: InputSample.Phase
    /// Points of the scene's area, origin at its top-left corner (where its desktop window's
    /// content starts).
    public var location: Point

    public init(slot: UInt32, phase: InputSample.Phase, location: Point) {
        self.slot = slot
        self.phase = phase
        self.location = location
    }

    /// `SLOT PHASE X Y` (`SLOT cancel` for a cancel).
    var scriptText: String {
        phase == .cancel
            ? "\(slot) cancel" : "\(slot) \(phase.rawValue) \(location.x.compactDescription) \(location.y.compactDescription)"
    }
}
