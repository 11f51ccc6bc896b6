public import SceneCore

/// What the display thread reports to its owner, in the order it happened. Timestamps are monotonic
/// seconds (`CLOCK_MONOTONIC`, the host's clock): SDL's own event time, converted.
public enum DisplayEvent: Sendable {
    /// SDL started: the video driver in use and the refresh rate of the first display.
    case ready(DisplayInfo)
    /// SDL could not start; nothing else follows.
    case failed(DisplayError)
    /// Fingers changed together, in one input event of `window`. `serial` numbers input events from 1,
    /// in arrival order.
    case fingers(window: DisplayWindowID, changes: [FingerChange], timestamp: Double, serial: UInt64)
    /// A key went down or up while `window` (nil: none of ours) had the keyboard focus.
    case key(window: DisplayWindowID?, DisplayKey, timestamp: Double, serial: UInt64)
    /// Text from the input method (keyboard layout, compose, IME), while text input is on.
    case text(window: DisplayWindowID?, String, timestamp: Double, serial: UInt64)
    /// The wheel (or a touchpad, which SDL2 reports alike) scrolled over `window` with the pointer
    /// at `location` (window points).
    case wheel(window: DisplayWindowID, location: Point, WheelSteps, timestamp: Double, serial: UInt64)
    /// The pointer hovers at `location` in `window` with no button down; nil: the hover there ended
    /// (the pointer left the window, a button went down, the window was hidden or closed).
    case hover(window: DisplayWindowID, location: Point?, timestamp: Double, serial: UInt64)
    /// The desktop's keyboard focus came to (`gained`) or left a window.
    case focus(window: DisplayWindowID, gained: Bool, timestamp: Double, serial: UInt64)
    /// Where the window is on the desktop (top-left of its content, in desktop points); nil when
    /// the windowing system does not tell (Wayland).
    case moved(window: DisplayWindowID, position: Point?)
    /// The window's content size changed (the user or the window manager resized it, or a
    /// ``DisplayCommand/resize(_:to:)`` took effect): its pixels were lost, so the next frame must
    /// hold all of it, at `size` (points).
    case resized(window: DisplayWindowID, size: Size)
    /// The user asked to close the window (its close button).
    case closeRequested(window: DisplayWindowID)

    /// The input serial, for input events.
    public var serial: UInt64? {
        switch self {
        case .fingers(_, _, _, let serial), .key(_, _, _, let serial), .text(_, _, _, let serial), .focus(_, _, _, let serial),
            .wheel(_, _, _, _, let serial), .hover(_, _, _, let serial):
            serial
        case .ready, .failed, .moved, .resized, .closeRequested:
            nil
        }
    }
}

/// The display once started.
public struct DisplayInfo: Sendable, Equatable {
    /// SDL's video driver: `x11`, `wayland` or `offscreen`.
    public var driver: String
    /// Frames per second of the first display (60 when the driver does not say).
    public var refreshRate: Double
    /// Whether window positions are known (not on Wayland).
    public var knowsWindowPositions: Bool

    public init(driver: String, refreshRate: Double, knowsWindowPositions: Bool) {
        self.driver = driver
        self.refreshRate = refreshRate
        self.knowsWindowPositions = knowsWindowPositions
    }
}

/// Why the display could not start.
public struct DisplayError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public init(message: String) {
        self.message = message
    }

    public var description: String { message }
}
