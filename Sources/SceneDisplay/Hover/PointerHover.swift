public import SceneCore

/// The pointer hovering over the desktop windows (moving with no button down), as a value-type state
/// machine: fed with the pointer's motion and its leaving a window, it says when the host's hover
/// moves and when it ends [SV-21].
///
/// - Motion in a window with the pointer's finger up is a hover move there; motion to the same point
///   again is none.
/// - Motion in another window first ends the hover in the one before (X11 may report the motion in
///   the new window before the old window's leave).
/// - The pointer leaving the window it hovers (`SDL_WINDOWEVENT_LEAVE`) ends the hover; a leave of
///   another window changes nothing.
/// - ``end()`` ends it wherever it is: the button went down (the pointer is a finger now, as a hover
///   ends on an iPad when the pointer clicks), or the window was hidden or closed.
///
/// Locations are window points.
public struct PointerHover: Sendable, Equatable {
    /// Where the pointer hovers.
    public enum State: Sendable, Equatable {
        /// Over none of the windows, or its button is down.
        case outside
        /// Over `window`, last at `location`.
        case over(DisplayWindowID, location: Point)
    }

    /// What the host is told.
    public enum Change: Sendable, Equatable {
        /// The pointer hovers at `location` in `window`.
        case moved(DisplayWindowID, location: Point)
        /// The hover in `window` ended.
        case left(DisplayWindowID)
    }

    public private(set) var state: State = .outside

    public init() {}

    /// The pointer moved to `location` in `window` with its button up.
    public mutating func move(in window: DisplayWindowID, to location: Point) -> [Change] {
        switch state {
        case .over(window, location: location):
            return []
        case .over(let other, location: _) where other != window:
            state = .over(window, location: location)
            return [.left(other), .moved(window, location: location)]
        case .over, .outside:
            state = .over(window, location: location)
            return [.moved(window, location: location)]
        }
    }

    /// The pointer left `window`.
    public mutating func leave(_ window: DisplayWindowID) -> [Change] {
        guard case .over(window, location: _) = state else { return [] }
        state = .outside
        return [.left(window)]
    }

    /// The hover ends wherever it is (a button went down; or, for `window` only when given, the
    /// window was hidden or closed).
    public mutating func end(in window: DisplayWindowID? = nil) -> [Change] {
        guard case .over(let current, location: _) = state, window == nil || window == current else { return [] }
        state = .outside
        return [.left(current)]
    }
}
