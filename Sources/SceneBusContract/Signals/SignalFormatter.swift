/// How `watch` prints one signal: a line for people, or one JSON object per line.
///
/// Text (paths without `/org/scenehost/SceneHost/`, `(none)` for an empty value or `/`):
///
///     #12 Touch window/1 touch 3 began (240, 250) blue tap 1
///     #13 FirstResponderChanged window/2 (none) → player
///     #14 KeyWindowChanged window/1 → window/2
///     #15 GestureStateChanged window/2 canvas pan began
///     #16 ActionSent window/2 buttonTapped from button to (none)
///     #17 MotionDelivered shake began handled by player
///     #18 RemoteControlDelivered play handled by nobody
///     #19 SceneActivationChanged scene/findview foreground-inactive
///     #20 Log scene/findview blueColorView, BlueView.hitTest(_:with:)
///     #21 Press window/3 shift+tab began handled by Application
///     #22 Input touch findview 0 down 240 250
///     #23 SceneGeometryChanged scene/settings 600×900 at (400, 0)
///     #24 SceneCrashed scene/crashy FixtureCrashInHandler killed by signal 4 (SIGILL), restarting
///     #25 SceneNotResponding scene/hangs FixtureHangInHandler
///     #26 SceneResponding scene/hangs
///     #27 SceneStarted scene/crashy pid 4242
///
/// JSON: `{"signal":"Touch","seq":12,"window":"/org/scenehost/SceneHost/window/1","touch":3,…}` with
/// every argument under its XML name, in the XML's order.
public enum SignalFormatter {
    public static func text(_ signal: HostSignal) -> String {
        let seq = signal.seq.map { "#\($0) " } ?? ""
        if let body = body(signal) {
            return seq + signal.name + " " + body
        }
        let values = signal.arguments.filter { $0.name != "seq" }.map { "\($0.name)=\($0.value.text)" }
        return seq + ([signal.name] + values).joined(separator: " ")
    }

    public static func json(_ signal: HostSignal) -> String {
        var output = "{\"signal\":"
        TextFormat.appendJSONString(signal.name, to: &output)
        for argument in signal.arguments {
            output += ","
            TextFormat.appendJSONString(argument.name, to: &output)
            output += ":"
            argument.value.appendJSON(to: &output)
        }
        output += "}"
        return output
    }

    /// The text after the member name for the signals of the contract; nil for others.
    private static func body(_ signal: HostSignal) -> String? {
        func string(_ name: String) -> String? {
            switch signal[name] {
            case .string(let value)?: value
            default: nil
            }
        }
        func path(_ name: String) -> String? {
            if case .path(let value)? = signal[name] { return TextFormat.shortPath(value) }
            return nil
        }
        func number(_ name: String) -> String? {
            switch signal[name] {
            case .double(let value)?: TextFormat.number(value)
            case .unsigned(let value)?: String(value)
            default: nil
            }
        }
        switch signal.name {
        case "Touch":
            guard let window = path("window"), let touch = number("touch"), let phase = string("phase"),
                let x = number("x"), let y = number("y"), let view = string("view"), let taps = number("tapCount")
            else { return nil }
            return "\(window) touch \(touch) \(phase) (\(x), \(y)) \(view.isEmpty ? "(nothing)" : view) tap \(taps)"
        case "FirstResponderChanged":
            guard let window = path("window"), let old = string("old"), let new = string("new") else { return nil }
            return "\(window) \(TextFormat.orNone(old)) → \(TextFormat.orNone(new))"
        case "KeyWindowChanged":
            guard let old = path("old"), let new = path("new") else { return nil }
            return "\(old) → \(new)"
        case "GestureStateChanged":
            guard let window = path("window"), let view = string("view"), let recognizer = string("recognizer"),
                let state = string("state")
            else { return nil }
            return "\(window) \(TextFormat.orNone(view)) \(recognizer) \(state)"
        case "ActionSent":
            guard let window = path("window"), let action = string("action"), let sender = string("sender"),
                let target = string("target")
            else { return nil }
            return "\(window) \(action) from \(TextFormat.orNone(sender)) to \(TextFormat.orNone(target))"
        case "MotionDelivered":
            guard let subtype = string("subtype"), let phase = string("phase"), let handler = string("handledBy") else {
                return nil
            }
            return "\(subtype) \(phase) handled by \(handler.isEmpty ? "nobody" : handler)"
        case "RemoteControlDelivered":
            guard let subtype = string("subtype"), let handler = string("handledBy") else { return nil }
            return "\(subtype) handled by \(handler.isEmpty ? "nobody" : handler)"
        case "SceneActivationChanged":
            guard let scene = path("scene"), let state = string("state") else { return nil }
            return "\(scene) \(state)"
        case "Press":
            guard let window = path("window"), let key = string("key"), let phase = string("phase"),
                let handler = string("handledBy")
            else { return nil }
            return "\(window) \(key) \(phase) handled by \(handler.isEmpty ? "nobody" : handler)"
        case "Log":
            guard let scene = path("scene"), let line = string("line") else { return nil }
            return "\(scene) \(line)"
        case "Input":
            return string("record")
        case "SceneGeometryChanged":
            guard let scene = path("scene"), let x = number("x"), let y = number("y"), let width = number("width"),
                let height = number("height")
            else { return nil }
            return "\(scene) \(width)×\(height) at (\(x), \(y))"
        case "SceneCrashed":
            guard let scene = path("scene"), let plugin = string("plugin"), let reason = string("reason"), let next = string("next") else {
                return nil
            }
            return "\(scene) \(plugin) \(reason), \(next)"
        case "SceneNotResponding":
            guard let scene = path("scene"), let plugin = string("plugin") else { return nil }
            return "\(scene) \(plugin)"
        case "SceneResponding":
            return path("scene")
        case "SceneStarted":
            guard let scene = path("scene"), let pid = number("pid") else { return nil }
            return "\(scene) pid \(pid)"

        default:
            return nil
        }
    }
}
