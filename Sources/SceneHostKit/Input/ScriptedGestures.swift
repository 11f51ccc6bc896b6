public import SceneCore

/// Timed input scripts for common gestures, in a window's coordinates, converted to screen samples.
/// Durations follow what real fingers do, so recognizers see real taps, presses, swipes and pinches.
@MainActor
public enum ScriptedGestures {
    /// How long each finger of a scripted tap stays down, in seconds.
    public static let tapPressDuration = 0.05
    /// Seconds between the lift of one tap and the next tap of a multi-tap (well inside the 0.35 s
    /// tap-count interval).
    public static let tapGap = 0.1
    /// Samples per second for moving fingers.
    public static let motionSampleRate = 60.0

    /// `count` taps at `point`.
    public static func tap(at point: Point, in window: Window, count: Int) -> [InputSample] {
        let screen = window.convertToScreen(point)
        var samples: [InputSample] = []
        samples.reserveCapacity(2 * Swift.max(1, count))
        for index in 0..<Swift.max(1, count) {
            samples.append(InputSample(slot: 0, phase: .down, location: screen, delay: index == 0 ? 0 : tapGap))
            samples.append(InputSample(slot: 0, phase: .up, location: screen, delay: tapPressDuration))
        }
        return samples
    }

    /// A finger held at `point` for `seconds`.
    public static func longPress(at point: Point, in window: Window, seconds: Double) -> [InputSample] {
        let screen = window.convertToScreen(point)
        return [
            InputSample(slot: 0, phase: .down, location: screen),
            InputSample(slot: 0, phase: .up, location: screen, delay: seconds),
        ]
    }

    /// A finger dragged in a straight line from `start` to `end` over `seconds`, sampled at 60 Hz.
    public static func swipe(from start: Point, to end: Point, in window: Window, seconds: Double) -> [InputSample] {
        let steps = Swift.max(1, Int((seconds * motionSampleRate).rounded(.up)))
        let step = seconds / Double(steps)
        var samples = [InputSample(slot: 0, phase: .down, location: window.convertToScreen(start))]
        for index in 1...steps {
            let fraction = Double(index) / Double(steps)
            let point = Point(x: start.x + (end.x - start.x) * fraction, y: start.y + (end.y - start.y) * fraction)
            samples.append(InputSample(slot: 0, phase: .move, location: window.convertToScreen(point), delay: step))
        }
        samples.append(InputSample(slot: 0, phase: .up, location: window.convertToScreen(end)))
        return samples
    }

    /// Two fingers on a horizontal line through `center`, moving from `startDistance` apart to
    /// `endDistance` apart over `seconds`, sampled at 60 Hz (both fingers move in the same event).
    public static func pinch(
        center: Point, startDistance: Double, endDistance: Double, in window: Window, seconds: Double
    ) -> [InputSample] {
        func fingers(_ distance: Double) -> (Point, Point) {
            (
                window.convertToScreen(Point(x: center.x - distance / 2, y: center.y)),
                window.convertToScreen(Point(x: center.x + distance / 2, y: center.y))
            )
        }
        let steps = Swift.max(1, Int((seconds * motionSampleRate).rounded(.up)))
        let step = seconds / Double(steps)
        let start = fingers(startDistance)
        var samples = [
            InputSample(slot: 0, phase: .down, location: start.0),
            InputSample(slot: 1, phase: .down, location: start.1),
        ]
        for index in 1...steps {
            let distance = startDistance + (endDistance - startDistance) * Double(index) / Double(steps)
            let positions = fingers(distance)
            samples.append(InputSample(slot: 0, phase: .move, location: positions.0, delay: step))
            samples.append(InputSample(slot: 1, phase: .move, location: positions.1))
        }
        let end = fingers(endDistance)
        samples.append(InputSample(slot: 0, phase: .up, location: end.0))
        samples.append(InputSample(slot: 1, phase: .up, location: end.1))
        return samples
    }
}
