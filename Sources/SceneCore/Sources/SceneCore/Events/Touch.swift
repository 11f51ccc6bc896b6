/// One finger on the screen, from the moment it goes down until it lifts or is cancelled [TD-1].
///
/// A touch keeps its identity (the same object and the same ``identifier``) for its whole life.
/// ``view`` and ``window`` are bound when the touch begins and never change [TD-2], even when the
/// finger leaves the view. Keep values copied from a touch, not the touch itself: it is retired after
/// `ended` or `cancelled` and never delivered again [TD-11].
///
/// Equality and hashing are by identity.
@MainActor
public final class Touch {
    // Exclusivity is unchecked on the mutable fields, read and written on every delivery (short
    // accesses, UnretainedAccess.swift; the setters are internal): the dynamic checks would otherwise
    // be a large share of a delivery's cost.

    /// Host-wide unique, never reused; D-Bus calls it `touch`.
    public nonisolated let identifier: UInt64
    @exclusivity(unchecked) public internal(set) var phase: Phase
    /// Monotonic seconds of the latest change [TD-3].
    @exclusivity(unchecked) public internal(set) var timestamp: Double
    /// Computed once when the touch begins, then constant [TD-4].
    @exclusivity(unchecked) public internal(set) var tapCount: Int
    /// The hit-test view, bound at `began` [TD-2]. Nil for a touch that hit nothing or whose view was
    /// removed from its window.
    @exclusivity(unchecked) public internal(set) var view: View?
    /// The window that owns the touch, bound at `began` [WS-9].
    @exclusivity(unchecked) public internal(set) var window: Window?
    /// The recognizers that accepted this touch [GR-1], in the order they receive it.
    @exclusivity(unchecked) public internal(set) var gestureRecognizers: [GestureRecognizer] = []

    /// Current location in window coordinates.
    @exclusivity(unchecked) public internal(set) var locationInWindow: Point
    /// Location at the previous delivered event, in window coordinates. Equals the current location at `began`.
    @exclusivity(unchecked) public internal(set) var previousLocationInWindow: Point
    /// Where the touch began, in window coordinates.
    public let initialLocationInWindow: Point

    /// How far the touch got in its delivery to its view (view filtering, gesture delays and
    /// cancellation), as its window tracks it.
    @exclusivity(unchecked) var delivery = TouchDeliveryState.new
    /// True while the event being dispatched changes this touch (it began, moved, ended or was
    /// cancelled in it).
    @exclusivity(unchecked) var changedInEvent = false

    init(identifier: UInt64, locationInWindow: Point, timestamp: Double, window: Window?, view: View?, tapCount: Int) {
        self.identifier = identifier
        self.phase = .began
        self.timestamp = timestamp
        self.tapCount = tapCount
        self.window = window
        self.view = view
        self.locationInWindow = locationInWindow
        self.previousLocationInWindow = locationInWindow
        self.initialLocationInWindow = locationInWindow
    }

    /// The current location in `view`'s bounds coordinates; window coordinates when `view` is nil [TD-2].
    /// Works for a view in another window too (through screen coordinates).
    public func location(in view: View?) -> Point {
        convert(locationInWindow, to: view)
    }

    /// The location at the previous delivered event, in `view`'s coordinates (window coordinates for nil).
    public func previousLocation(in view: View?) -> Point {
        convert(previousLocationInWindow, to: view)
    }

    /// Samples since the last delivery, ending with this touch [TD-12]. The host delivers every
    /// sample as it arrives, so this is `[self]`; nil for a touch that is not in `event`.
    public func coalescedTouches(in event: Event) -> [Touch]? {
        event.contains(self) ? [self] : nil
    }

    private func convert(_ point: Point, to target: View?) -> Point {
        guard let target else { return point }
        guard let window else { return point }
        return target.convert(point, from: window)
    }
}

extension Touch: Hashable {
    public nonisolated static func == (lhs: Touch, rhs: Touch) -> Bool { lhs === rhs }
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Touch: CustomStringConvertible {
    public nonisolated var description: String { "Touch#\(identifier)" }
}
