public import SceneCore

/// One desktop wheel event as the host scrolls by it: how many wheel steps, along each axis, in the
/// content offset's sense (as ``SceneCore/ScrollInput``'s delta: positive y towards the end of the
/// content, positive x towards its right end).
///
/// SDL reports a wheel turned away from the user as positive y and, when the desktop's "natural
/// scrolling" flips the wheel, says so (`SDL_MOUSEWHEEL_FLIPPED`) with the values already reversed.
/// The user's setting is honoured: flipped values are the direction the user chose, so they are used
/// as they come (undoing the flip, as a game reading the physical wheel would, would scroll against
/// the desktop's setting); only SDL's y axis, which points the other way from the content offset's,
/// is reversed. ``flipped`` says the desktop reversed them.
///
/// Every event is a *discrete* scroll (one wheel step of `steps` × the step distance): SDL2 tells
/// neither which device sent it (wheel or touchpad) nor a gesture's phases, so a continuous gesture's
/// begin and end could only be guessed from pauses (docs/desktop.md, "The wheel and hover").
/// Fractional steps (high-resolution wheels, touchpads) scroll fractions of a step.
public struct WheelSteps: Sendable, Equatable {
    /// Steps along x and y, in the content offset's sense.
    public let steps: Point
    /// Whether the desktop flipped the wheel's direction ("natural" scrolling).
    public let flipped: Bool

    /// The steps of SDL's precise deltas (`preciseX`, `preciseY`: right and away from the user
    /// positive, already reversed when `flipped`). Values that are not finite count as 0.
    public init(preciseX: Double, preciseY: Double, flipped: Bool) {
        let x = preciseX.isFinite ? preciseX : 0
        let y = preciseY.isFinite ? preciseY : 0
        // `0 - y`, not `-y`: a wheel at rest along y is 0, never −0.
        steps = Point(x: x, y: 0 - y)
        self.flipped = flipped
    }

    /// Nothing to scroll (a wheel event along neither axis, or not finite).
    public var isZero: Bool { steps.x == 0 && steps.y == 0 }

    /// Whether each axis moved by whole steps (a classic notched wheel).
    public var isWholeSteps: Bool { steps.x == steps.x.rounded() && steps.y == steps.y.rounded() }

    /// The scroll, in points, when one step is `distance` points: steps × distance along each axis
    /// (the delta of a ``SceneCore/ScrollInput/discrete(delta:)`` sample).
    public func delta(stepDistance distance: Double) -> Point {
        Point(x: steps.x * distance, y: steps.y * distance)
    }
}
