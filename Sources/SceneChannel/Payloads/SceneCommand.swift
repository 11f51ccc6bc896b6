public import SceneErrors

/// A one-off call the board forwards to a scene process as an `input` of code
/// ``SceneInputCode/command``, answered with a ``SceneCommandOutcome`` once it was delivered.
public enum SceneCommand: Hashable, Sendable {
    /// `Window1.Scroll`: one wheel step (`continuous` false) or trackpad gesture of `dx, dy` at
    /// `x, y` in window `window`'s coordinates; the outcome's text is the scroll view that took it.
    case scroll(window: UInt32, x: Double, y: Double, dx: Double, dy: Double, continuous: Bool)
    /// `Window1.MakeFirstResponder`: the view of window `window` named `view` asks to become first
    /// responder ("" resigns the window's first responder); the outcome says whether it did.
    case makeFirstResponder(window: UInt32, view: String)
    /// `Host1.SendMotion`: a shake's phase (`began`, `ended`, `cancelled`) to the scene's key
    /// window; the outcome's text describes who handled it.
    case motion(phase: String)
    /// `Host1.SendRemoteControl`: a remote-control subtype by its wire name (`play`, `pause`, …).
    case remoteControl(subtype: String)
    /// The board's stand-in of the scene changed its activation state (`foreground-active`,
    /// `foreground-inactive`, `background`: a touch activated it, `Scene1.Deactivate`,
    /// `SendToBackground`, the desktop window lost focus): the scene follows, its delegate told.
    case activation(state: String)
    /// `Scene1.Resize`, or the desktop window resized: the scene takes this size (its origin stays),
    /// or refuses it naming why (its size restrictions).
    case resize(width: Double, height: Double)
    /// The board's stand-in made window `window` its scene's key window (`Window1.MakeKey`, the
    /// desktop's focus): the scene's window follows.
    case makeKey(window: UInt32)

    public var body: [UInt8] {
        var writer = WireWriter(capacity: 48)
        switch self {
        case .scroll(let window, let x, let y, let dx, let dy, let continuous):
            writer.u8(1)
            writer.u32(window)
            for value in [x, y, dx, dy] { writer.f64(value) }
            writer.u8(continuous ? 1 : 0)
        case .makeFirstResponder(let window, let view):
            writer.u8(2)
            writer.u32(window)
            writer.string(view)
        case .motion(let phase):
            writer.u8(3)
            writer.string(phase)
        case .remoteControl(let subtype):
            writer.u8(4)
            writer.string(subtype)
        case .activation(let state):
            writer.u8(5)
            writer.string(state)
        case .resize(let width, let height):
            writer.u8(6)
            writer.f64(width)
            writer.f64(height)
        case .makeKey(let window):
            writer.u8(7)
            writer.u32(window)
        }
        return writer.bytes
    }

    public init(body: [UInt8]) throws(ChannelError) {
        var reader = WireReader(body, context: "command")
        switch try reader.u8("kind") {
        case 1:
            let window = try reader.u32("window")
            let x = try reader.f64("x"), y = try reader.f64("y"), dx = try reader.f64("dx"), dy = try reader.f64("dy")
            let kind = try reader.u8("scroll kind")
            guard kind <= 1 else { throw ChannelError(code: .malformed, message: "command's scroll kind \(kind) is not 0 (discrete) or 1 (continuous)") }
            self = .scroll(window: window, x: x, y: y, dx: dx, dy: dy, continuous: kind == 1)
        case 2: self = .makeFirstResponder(window: try reader.u32("window"), view: try reader.string("view"))
        case 3: self = .motion(phase: try reader.string("phase"))
        case 4: self = .remoteControl(subtype: try reader.string("subtype"))
        case 5: self = .activation(state: try reader.string("state"))
        case 6: self = .resize(width: try reader.f64("width"), height: try reader.f64("height"))
        case 7: self = .makeKey(window: try reader.u32("window"))
        case let other: throw ChannelError(code: .malformed, message: "command kind \(other) is not 1…7")
        }
        try reader.finish()
    }
}
