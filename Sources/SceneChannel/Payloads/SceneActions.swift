public import SceneErrors

/// `Window1.PerformActions` for a scene process (an `input` of code ``SceneInputCode/actions``):
/// WebDriver's Perform Actions body for window `window`, with the limits of the bus client that sent
/// it, which the scene process plays them under (the board parsed the body and knows its duration).
/// Answered with a ``SceneScriptOutcome`` once the last action and the trailing pause are over.
public struct SceneActions: Hashable, Sendable {
    public var window: UInt32
    public var json: String
    public var simultaneousTouches: UInt32
    public var samplesPerCall: UInt32
    public var scriptSeconds: Double

    public init(window: UInt32, json: String, simultaneousTouches: UInt32, samplesPerCall: UInt32, scriptSeconds: Double) {
        self.window = window
        self.json = json
        self.simultaneousTouches = simultaneousTouches
        self.samplesPerCall = samplesPerCall
        self.scriptSeconds = scriptSeconds
    }

    public var body: [UInt8] {
        var writer = WireWriter(capacity: 32 + json.utf8.count)
        writer.u32(window)
        writer.string(json)
        writer.u32(simultaneousTouches)
        writer.u32(samplesPerCall)
        writer.f64(scriptSeconds)
        return writer.bytes
    }

    public init(body: [UInt8]) throws(ChannelError) {
        var reader = WireReader(body, context: "actions")
        window = try reader.u32("window")
        json = try reader.string("json")
        simultaneousTouches = try reader.u32("simultaneous touches")
        samplesPerCall = try reader.u32("samples per call")
        scriptSeconds = try reader.f64("script seconds")
        guard scriptSeconds >= 0 else {
            throw ChannelError(code: .malformed, message: "actions' script-seconds limit \(scriptSeconds) is negative")
        }
        try reader.finish()
    }
}
