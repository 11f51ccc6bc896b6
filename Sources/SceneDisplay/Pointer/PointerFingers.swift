public import SceneCore

/// The pointer as touch, the way the iOS Simulator does it: a value-type state machine fed with the
/// left button and the pointer's motion in one desktop window, producing finger changes.
///
/// - The button is one finger, ``FingerChange/finger`` 0, from press to release. Motion while it is
///   down moves it; a drag that leaves the window keeps the touch, and the release ends it wherever
///   it happens.
/// - With the two-finger modifier held at the press (Alt by default), a second finger (1) goes down
///   mirrored through the pair's centre — the window's centre at first — and stays mirrored while
///   the pointer moves: pinch and rotate.
/// - With Shift and the modifier, the second finger goes down mirrored but then moves with the
///   pointer, keeping its offset: a two-finger pan. The pair's centre moves with it and stays where
///   the pan ended, so the next pinch turns around that point (the Simulator lets its pinch centre
///   be moved the same way): to pinch a view away from the window's centre, Shift-drag the pair
///   there first.
/// - ``cancel()`` cancels the fingers down (the window closed or was hidden).
///
/// Modifiers are read at the press only, as in the Simulator. Locations are window points.
public struct PointerFingers: Sendable, Equatable {
    /// The state: which fingers are down and how the second one follows the first.
    public enum State: Sendable, Equatable {
        case up
        /// One finger down, last at `location`.
        case one(location: Point)
        /// Two fingers, the second mirrored through `center`.
        case mirrored(location: Point, center: Point)
        /// Two fingers moving together, the second at the first plus `offset`.
        case together(location: Point, offset: Point)
    }

    /// The pointer's finger.
    public static let pointerFinger: UInt32 = 0
    /// The second finger of two-finger gestures.
    public static let partnerFinger: UInt32 = 1

    public let modifier: PointerModifier
    public private(set) var state: State = .up

    public init(modifier: PointerModifier) {
        self.modifier = modifier
    }

    /// Where the fingers are while down (to draw them), the pointer's first.
    public var fingerLocations: [Point] {
        switch state {
        case .up: []
        case .one(let location): [location]
        case .mirrored(let location, let center): [location, Self.mirror(location, through: center)]
        case .together(let location, let offset): [location, location + offset]
        }
    }

    /// Whether a finger is down.
    public var isDown: Bool { state != .up }

    /// The centre of the two fingers now (nil while fewer than two are down).
    public var pairCenter: Point? {
        switch state {
        case .up, .one: nil
        case .mirrored(_, let center): center
        case .together(let location, let offset): Point(x: location.x + offset.x / 2, y: location.y + offset.y / 2)
        }
    }

    /// The left button went down at `location` in a window of `size` with `modifiers` held; a second
    /// finger is mirrored through `pairCenter` (the window's centre when nil). A press while already
    /// down (a second button, a lost release) changes nothing.
    public mutating func press(at location: Point, windowSize: Size, modifiers: PointerModifiers, pairCenter: Point? = nil) -> [FingerChange] {
        guard state == .up else { return [] }
        let center = pairCenter ?? Point(x: windowSize.width / 2, y: windowSize.height / 2)
        let partner = Self.mirror(location, through: center)
        if modifiers.includes(modifier) {
            if modifiers.contains(.shift) {
                state = .together(location: location, offset: partner - location)
            } else {
                state = .mirrored(location: location, center: center)
            }
            return [
                FingerChange(finger: Self.pointerFinger, phase: .down, location: location),
                FingerChange(finger: Self.partnerFinger, phase: .down, location: partner),
            ]
        }
        state = .one(location: location)
        return [FingerChange(finger: Self.pointerFinger, phase: .down, location: location)]
    }

    /// The pointer moved to `location` (ignored while up, or when it did not move).
    public mutating func move(to location: Point) -> [FingerChange] {
        switch state {
        case .up:
            return []
        case .one(let last):
            guard last != location else { return [] }
            state = .one(location: location)
            return [FingerChange(finger: Self.pointerFinger, phase: .move, location: location)]
        case .mirrored(let last, let center):
            guard last != location else { return [] }
            state = .mirrored(location: location, center: center)
            return [
                FingerChange(finger: Self.pointerFinger, phase: .move, location: location),
                FingerChange(finger: Self.partnerFinger, phase: .move, location: Self.mirror(location, through: center)),
            ]
        case .together(let last, let offset):
            guard last != location else { return [] }
            state = .together(location: location, offset: offset)
            return [
                FingerChange(finger: Self.pointerFinger, phase: .move, location: location),
                FingerChange(finger: Self.partnerFinger, phase: .move, location: location + offset),
            ]
        }
    }

    /// The left button came up, at `location` when known (a release outside the window may not say
    /// where; the fingers then lift where they were). The lift carries the final locations, as a
    /// touch's `ended` phase does.
    public mutating func release(at location: Point?) -> [FingerChange] {
        if let location, state != .up { _ = move(to: location) }
        let lifted = fingerLocations.enumerated().map { index, point in
            FingerChange(finger: UInt32(index), phase: .up, location: point)
        }
        state = .up
        return lifted
    }

    /// The fingers down are cancelled (window hidden or closed, focus taken by a grab).
    public mutating func cancel() -> [FingerChange] {
        let cancelled = fingerLocations.enumerated().map { index, point in
            FingerChange(finger: UInt32(index), phase: .cancel, location: point)
        }
        state = .up
        return cancelled
    }

    static func mirror(_ point: Point, through center: Point) -> Point {
        Point(x: 2 * center.x - point.x, y: 2 * center.y - point.y)
    }
}
