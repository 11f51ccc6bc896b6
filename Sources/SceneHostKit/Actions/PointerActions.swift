/// The body of WebDriver's Perform Actions command (`{"actions": [...]}`), parsed: input sources,
/// each with its actions; the i-th actions of all sources form tick i (W3C WebDriver, "Actions").
///
/// Pointer sources must be touch pointers (`"parameters": {"pointerType": "touch"}`): each is one
/// finger. `none` sources (and `key` and `wheel` sources) may only pause. Durations are in milliseconds.
public struct PointerActions: Sendable, Equatable {
    /// Where a `pointerMove` is measured from.
    public enum Origin: Sendable, Equatable {
        /// The window's top-left (WebDriver's viewport).
        case viewport
        /// The pointer's current position.
        case pointer
        /// The centre of the visible part of a view, by its reference (a WebDriver element).
        case element(String)
    }

    public enum Action: Sendable, Equatable {
        case pause(milliseconds: Double)
        case pointerMove(milliseconds: Double, x: Double, y: Double, origin: Origin)
        case pointerDown
        case pointerUp
        case pointerCancel

        /// How long the action lasts in its tick, in milliseconds.
        var duration: Double {
            switch self {
            case .pause(let milliseconds), .pointerMove(let milliseconds, _, _, _): milliseconds
            case .pointerDown, .pointerUp, .pointerCancel: 0
            }
        }
    }

    public struct Source: Sendable, Equatable {
        public enum Kind: String, Sendable, Equatable {
            /// A finger.
            case touch
            /// Only pauses.
            case none
            /// Only pauses (keys are sent with `Host1.SendKey`).
            case key
            /// Only pauses (WebDriver clients add an empty wheel source to keep ticks aligned).
            case wheel
        }

        public var id: String
        public var kind: Kind
        public var actions: [Action]
    }

    public var sources: [Source]

    /// The number of ticks: the longest source's action count.
    public var tickCount: Int { sources.map(\.actions.count).max() ?? 0 }
}
