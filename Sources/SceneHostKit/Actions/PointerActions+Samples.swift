public import SceneCore

@MainActor
extension PointerActions {
    /// Samples per second for moves that take time (as ``ScriptedGestures/motionSampleRate``).
    public static let moveSampleRate = ScriptedGestures.motionSampleRate

    /// The actions as scripted input (the records `InjectTouches` takes), tick by tick as WebDriver
    /// dispatches them: each touch source is one slot (in source order); in a tick, downs, ups,
    /// cancels and instant moves happen at its start, in source order, as one event; moves with a
    /// duration are interpolated over it, all fingers together, at ``moveSampleRate``; the tick lasts
    /// as long as its longest action, pauses included. Pointers start at the window's origin.
    ///
    /// - Parameters:
    ///   - window: the viewport; positions are its points, converted to the screen.
    ///   - element: the point (window coordinates) an element origin stands for, nil for no such view.
    /// - Returns: the samples, and how long the body lasts after its last sample (trailing pauses).
    /// - Throws: ``ActionsError`` naming the action: a down on a finger that is down, an up or cancel
    ///   of one that is not, a finger still down at the end, an unknown element.
    public func samples(in window: Window, element: (String) -> Point?) throws(ActionsError) -> (samples: [InputSample], trailingSeconds: Double) {
        var position = [Point](repeating: .zero, count: sources.count)
        var down = [Bool](repeating: false, count: sources.count)
        var samples: [InputSample] = []
        var elapsed = 0.0  // seconds since the last sample
        func emit(_ slot: Int, _ phase: InputSample.Phase) {
            // Sums of floating-point steps can dip a hair below zero.
            samples.append(InputSample(slot: UInt32(slot), phase: phase, location: window.convertToScreen(position[slot]), delay: Swift.max(0, elapsed)))
            elapsed = 0
        }
        for tick in 0..<tickCount {
            var moves: [(slot: Int, from: Point, to: Point, seconds: Double)] = []
            var tickSeconds = 0.0
            for (slot, source) in sources.enumerated() where tick < source.actions.count {
                let action = source.actions[tick]
                let path = "actions[\(slot)].actions[\(tick)]"
                tickSeconds = Swift.max(tickSeconds, action.duration / 1000)
                switch action {
                case .pause:
                    break
                case .pointerMove(let milliseconds, let x, let y, let origin):
                    let base: Point
                    switch origin {
                    case .viewport: base = .zero
                    case .pointer: base = position[slot]
                    case .element(let reference):
                        guard let center = element(reference) else {
                            throw ActionsError(
                                .unknownElement, at: path + ".origin",
                                "no visible view '\(reference)' in window '\(window.title)'; list the references with DescribeTree")
                        }
                        base = center
                    }
                    let target = Point(x: base.x + x, y: base.y + y)
                    guard target.isFinite, abs(target.x) <= 1e7, abs(target.y) <= 1e7 else {
                        throw ActionsError(at: path, "the target (\(target.x), \(target.y)) is out of range (|x|, |y| ≤ 10,000,000 points)")
                    }
                    if milliseconds > 0 && down[slot] {
                        moves.append((slot, position[slot], target, milliseconds / 1000))
                    } else {
                        position[slot] = target
                        if down[slot] { emit(slot, .move) }
                    }
                case .pointerDown:
                    guard !down[slot] else { throw ActionsError(at: path, "pointer '\(source.id)' is already down; lift it (pointerUp) first") }
                    down[slot] = true
                    emit(slot, .down)
                case .pointerUp, .pointerCancel:
                    guard down[slot] else { throw ActionsError(at: path, "pointer '\(source.id)' is not down; put it down (pointerDown) first") }
                    down[slot] = false
                    emit(slot, action == .pointerUp ? .up : .cancel)
                }
            }
            // Interpolated moves: all fingers at each sample time of the tick, as one event.
            if !moves.isEmpty {
                let steps = Swift.max(1, Int((tickSeconds * Self.moveSampleRate).rounded(.up)))
                var last = 0.0
                for step in 1...steps {
                    let time = tickSeconds * Double(step) / Double(steps)
                    var first = true
                    for move in moves {
                        let fraction = time / move.seconds
                        let point =
                            fraction >= 1
                            ? move.to : Point(x: move.from.x + (move.to.x - move.from.x) * fraction, y: move.from.y + (move.to.y - move.from.y) * fraction)
                        // A finger that arrived stays put (no sample) while longer moves go on.
                        guard point != position[move.slot] else { continue }
                        position[move.slot] = point
                        if first {
                            elapsed += time - last
                            last = time
                            first = false
                        }
                        emit(move.slot, .move)
                    }
                }
                elapsed += tickSeconds - last
            } else {
                elapsed += tickSeconds
            }
        }
        if let slot = down.firstIndex(of: true) {
            throw ActionsError(
                at: "actions[\(slot)]", "pointer '\(sources[slot].id)' is still down after its last action; end with pointerUp")
        }
        return (samples, Swift.max(0, elapsed))
    }
}
