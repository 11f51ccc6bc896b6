/// The body of WebDriver's Perform Actions command (`{"actions": [...]}`), parsed: input sources,
/// each with its actions; the i-th actions of all sources form tick i (W3C WebDriver, "Actions").
///
/// Each pointer source is one finger, whatever its `pointerType`: `touch`, `pen`, or `mouse` (W3C's
/// default when `parameters` is left out), a finger as in the iOS Simulator. `key` sources press and
/// release keys (a character or a W3C key code such as U+E007 Enter). `wheel` sources scroll: a
/// `scroll` is mouse-wheel steps at its point that add up to its delta: one at the start of its tick
/// when it has no duration, else one per sample time over its duration, as moves are spread [SV-19].
/// `none` sources may only pause. Durations are in milliseconds.
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
        /// A key goes down or up: one character, or a W3C key code (U+E000–U+E05D).
        case keyDown(String)
        case keyUp(String)
        /// A wheel scrolls by (deltaX, deltaY) at (x, y) from `origin` (the viewport or an element).
        case scroll(milliseconds: Double, x: Double, y: Double, deltaX: Double, deltaY: Double, origin: Origin)

        /// How long the action lasts in its tick, in milliseconds.
        var duration: Double {
            switch self {
            case .pause(let milliseconds), .pointerMove(let milliseconds, _, _, _), .scroll(let milliseconds, _, _, _, _, _): milliseconds
            case .pointerDown, .pointerUp, .pointerCancel, .keyDown, .keyUp: 0
            }
        }
    }

    public struct Source: Sendable, Equatable {
        public enum Kind: String, Sendable, Equatable {
            /// A finger (a touch, pen or mouse pointer).
            case touch
            /// Only pauses.
            case none
            /// A keyboard: key presses and releases.
            case key
            /// A mouse wheel: scrolls and pauses.
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
