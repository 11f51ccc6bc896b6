public import SceneCore

/// Where a body's pointer positions are measured: a window (D-Bus `Window1.PerformActions`) or a
/// scene's area of the screen (the WebDriver endpoint, where a scene is one desktop window).
@MainActor
public struct ActionsViewport {
    /// How errors name it: `window 'Gallery'`, `scene 'gallery'`.
    public let name: String
    /// A viewport point on the screen.
    public let toScreen: @MainActor (Point) -> Point

    public init(name: String, toScreen: @escaping @MainActor (Point) -> Point) {
        self.name = name
        self.toScreen = toScreen
    }

    /// A window's coordinates.
    public static func window(_ window: Window) -> ActionsViewport {
        ActionsViewport(name: "window '\(window.title)'") { window.convertToScreen($0) }
    }
}

/// A Perform Actions body as the host plays it: touch samples (the records `InjectTouches` takes) and
/// key records, in order, each step after a delay.
public struct ActionsTimeline: Sendable, Equatable {
    public enum Step: Sendable, Equatable {
        /// Touch samples; the first one's delay counts from the previous step.
        case touches([InputSample])
        /// Key records delivered together, `delay` seconds after the previous step.
        case keys([KeyboardInput], delay: Double)
        /// One wheel step of `delta` at screen point `point`, `delay` seconds after the previous step.
        case scroll(at: Point, delta: Point, delay: Double)
    }

    public var steps: [Step]
    /// How long the body lasts after its last step (trailing pauses).
    public var trailingSeconds: Double

    /// The whole body's duration.
    public var totalSeconds: Double {
        steps.reduce(trailingSeconds) { total, step in
            switch step {
            case .touches(let samples): total + samples.reduce(0) { $0 + $1.delay }
            case .keys(_, let delay), .scroll(_, _, let delay): total + delay
            }
        }
    }
}

@MainActor
extension PointerActions {
    /// Samples per second for moves that take time (as ``ScriptedGestures/motionSampleRate``).
    public static let moveSampleRate = ScriptedGestures.motionSampleRate

    /// The actions as scripted input, tick by tick as WebDriver dispatches them: each pointer source is
    /// one slot (in source order); in a tick, key actions come first (all sources' together, as one
    /// step), then downs, ups, cancels and instant moves at its start, in source order, as one event;
    /// moves with a duration are interpolated over it, all fingers together, at ``moveSampleRate``;
    /// the tick lasts as long as its longest action, pauses included. A wheel scroll without a duration
    /// is one step at the start of its tick, after the touch samples of the sources before it; one with
    /// a duration is spread over it as moves are, in steps at the same sample times (after the moves of
    /// each), its delta shared out so that the steps add up to it [SV-19]. Pointers start at the
    /// viewport's origin. Keys are pressed between touches: a key action while a finger is down is refused.
    ///
    /// - Parameter element: the point (viewport coordinates) an element origin stands for, nil for no
    ///   such view.
    /// - Throws: ``ActionsError`` naming the action: a down on a finger that is down, an up or cancel
    ///   of one that is not, a finger or key still down at the end, an unknown element, a key action
    ///   while a finger is down, a key pressed twice or released while up.
    public func timeline(in viewport: ActionsViewport, element: (String) -> Point?) throws(ActionsError) -> ActionsTimeline {
        var position = [Point](repeating: .zero, count: sources.count)
        var down = [Bool](repeating: false, count: sources.count)
        var heldKeys = [[String: Key?]](repeating: [:], count: sources.count)
        var modifiers: KeyModifierFlags = []
        var steps: [ActionsTimeline.Step] = []
        var samples: [InputSample] = []
        var elapsed = 0.0  // seconds since the last sample or key step
        /// The viewport point an element origin stands for.
        func center(of reference: String, path: String) throws(ActionsError) -> Point {
            guard let center = element(reference) else {
                throw ActionsError(
                    .unknownElement, at: path + ".origin", "no visible view '\(reference)' in \(viewport.name); list the references with DescribeTree")
            }
            return center
        }
        func emit(_ slot: Int, _ phase: InputSample.Phase) {
            // Sums of floating-point steps can dip a hair below zero.
            samples.append(InputSample(slot: UInt32(slot), phase: phase, location: viewport.toScreen(position[slot]), delay: Swift.max(0, elapsed)))
            elapsed = 0
        }
        for tick in 0..<tickCount {
            var keys: [KeyboardInput] = []
            for (index, source) in sources.enumerated() where source.kind == .key && tick < source.actions.count {
                let path = "actions[\(index)].actions[\(tick)]"
                switch source.actions[tick] {
                case .keyDown(let value), .keyUp(let value):
                    if let finger = down.firstIndex(of: true) {
                        throw ActionsError(
                            at: path, "a key action while pointer '\(sources[finger].id)' is down: keys are pressed between touches here, not during them; lift the pointer first")
                    }
                    try Self.key(source.actions[tick], value, source: source.id, path: path, held: &heldKeys[index], modifiers: &modifiers, into: &keys)
                default:
                    break
                }
            }
            if !keys.isEmpty {
                if !samples.isEmpty { steps.append(.touches(samples)) }
                samples = []
                steps.append(.keys(keys, delay: Swift.max(0, elapsed)))
                elapsed = 0
            }
            var moves: [(slot: Int, from: Point, to: Point, seconds: Double)] = []
            var scrolls: [(point: Point, delta: Point, seconds: Double, sent: Point)] = []
            var tickSeconds = 0.0
            for (slot, source) in sources.enumerated() where tick < source.actions.count {
                let action = source.actions[tick]
                let path = "actions[\(slot)].actions[\(tick)]"
                tickSeconds = Swift.max(tickSeconds, action.duration / 1000)
                switch action {
                case .pause, .keyDown, .keyUp:
                    break
                case .scroll(let milliseconds, let x, let y, let deltaX, let deltaY, let origin):
                    var base = Point.zero
                    if case .element(let reference) = origin { base = try center(of: reference, path: path) }
                    let point = viewport.toScreen(Point(x: base.x + x, y: base.y + y))
                    guard milliseconds <= 0 else {
                        scrolls.append((point, Point(x: deltaX, y: deltaY), milliseconds / 1000, .zero))
                        break
                    }
                    // Between the touch samples before it in the tick and those after it.
                    if !samples.isEmpty { steps.append(.touches(samples)) }
                    samples = []
                    steps.append(.scroll(at: point, delta: Point(x: deltaX, y: deltaY), delay: Swift.max(0, elapsed)))
                    elapsed = 0
                case .pointerMove(let milliseconds, let x, let y, let origin):
                    let base: Point
                    switch origin {
                    case .viewport: base = .zero
                    case .pointer: base = position[slot]
                    case .element(let reference):
                        base = try center(of: reference, path: path)
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
            // Interpolated moves: all fingers at each sample time of the tick, as one event; then the
            // wheel's share of each scroll with a duration.
            if !moves.isEmpty || !scrolls.isEmpty {
                let sampleCount = Swift.max(1, Int((tickSeconds * Self.moveSampleRate).rounded(.up)))
                var last = 0.0
                for sample in 1...sampleCount {
                    let time = tickSeconds * Double(sample) / Double(sampleCount)
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
                    for index in scrolls.indices {
                        let fraction = Swift.min(1, time / scrolls[index].seconds)
                        let due = Point(x: scrolls[index].delta.x * fraction, y: scrolls[index].delta.y * fraction)
                        let share = Point(x: due.x - scrolls[index].sent.x, y: due.y - scrolls[index].sent.y)
                        guard share != .zero else { continue }
                        scrolls[index].sent = due
                        if first {
                            elapsed += time - last
                            last = time
                            first = false
                        }
                        if !samples.isEmpty { steps.append(.touches(samples)) }
                        samples = []
                        steps.append(.scroll(at: scrolls[index].point, delta: share, delay: Swift.max(0, elapsed)))
                        elapsed = 0
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
        if let index = heldKeys.firstIndex(where: { !$0.isEmpty }), let value = heldKeys[index].keys.sorted().first {
            throw ActionsError(
                at: "actions[\(index)]", "key \(Self.show(value)) of '\(sources[index].id)' is still down after its last action; end with keyUp")
        }
        if !samples.isEmpty { steps.append(.touches(samples)) }
        return ActionsTimeline(steps: steps, trailingSeconds: Swift.max(0, elapsed))
    }

    /// The touch samples of a body without key actions, and its trailing pause, in `window`.
    ///
    /// - Throws: ``ActionsError`` as ``timeline(in:element:)`` does.
    public func samples(in window: Window, element: (String) -> Point?) throws(ActionsError) -> (samples: [InputSample], trailingSeconds: Double) {
        let timeline = try timeline(in: .window(window), element: element)
        var samples: [InputSample] = []
        for case .touches(let part) in timeline.steps { samples += part }
        return (samples, timeline.trailingSeconds)
    }

    /// The records of one key action (``WebDriverKeys``): a key's press began (and its text) or ended,
    /// a modifier's press that holds its flag for the keys after it, or text.
    private static func key(
        _ action: Action, _ value: String, source: String, path: String, held: inout [String: Key?], modifiers: inout KeyModifierFlags,
        into records: inout [KeyboardInput]
    ) throws(ActionsError) {
        let meaning = WebDriverKeys.meaning(of: Character(value))
        if case .keyDown = action {
            guard held[value] == nil else { throw ActionsError(at: path, "key \(show(value)) of '\(source)' is already down; release it (keyUp) first") }
            switch meaning {
            case .releaseModifiers:
                held[value] = .some(nil)
            case .modifier(let key, let flag):
                records.append(.press(Key(keyCode: key.keyCode, modifierFlags: modifiers), .began))
                modifiers.insert(flag)
                held[value] = .some(Key(keyCode: key.keyCode, modifierFlags: modifiers))
            case .key(let key):
                let pressed = Key(keyCode: key.keyCode, modifierFlags: key.modifierFlags.union(modifiers))
                records += KeyboardInput.records(for: KeyCombination(pressed), stroke: .began)
                held[value] = .some(pressed)
            case .text(let text):
                if !text.isEmpty { records.append(.text(text)) }
                held[value] = .some(nil)
            }
            return
        }
        guard let pressed = held.removeValue(forKey: value) else {
            throw ActionsError(at: path, "key \(show(value)) of '\(source)' is not down; press it (keyDown) first")
        }
        guard let key = pressed else { return }
        if case .modifier(_, let flag) = meaning { modifiers.remove(flag) }
        records += KeyboardInput.records(for: KeyCombination(key), stroke: .ended)
    }

    /// A key value for messages: the character, or its code point for W3C key codes and controls.
    static func show(_ value: String) -> String {
        guard let scalar = value.unicodeScalars.first, scalar.value >= 0xE000 || scalar.value < 0x20 else { return "'\(value)'" }
        return "U+" + String(scalar.value, radix: 16, uppercase: true)
    }
}
