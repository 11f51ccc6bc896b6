public import SceneCore
public import SceneErrors

/// Turns scripted input into touches: one finger at a time by slot (``down(slot:at:)`` and friends)
/// or whole timed scripts (``run(_:completion:)``), with the configured limits enforced up front.
///
/// Slot calls and scripts use separate slot name spaces, so a script never disturbs fingers a client
/// put down by hand. Everything runs on the main actor; scripts are paced by the application's clock
/// and their completion runs once every step has been delivered. On a ``VirtualClock`` a script plays
/// its delays on that clock at once (``VirtualClock/drive(until:)``): it is delivered completely, with
/// virtual timestamps, before ``run(_:completion:)`` returns.
@MainActor
public final class TouchInjector {
    public let application: Application
    public var limits: ScriptLimits
    /// Where running scripts are listed as pending work (shared by the host's injectors).
    public let scripts: ScriptRunList
    private var slots: [UInt32: Touch?] = [:]
    private var runningScripts = 0

    public init(application: Application, limits: ScriptLimits, scripts: ScriptRunList = ScriptRunList()) {
        self.application = application
        self.limits = limits
        self.scripts = scripts
    }

    /// Fingers currently down through slot calls.
    public var activeSlots: [UInt32] { slots.keys.sorted() }

    // MARK: One finger at a time

    /// Puts finger `slot` down at a screen point. Returns the touch, or nil when the point hit no
    /// window (the slot is still down and must be lifted).
    public func down(slot: UInt32, at location: Point) throws(InputError) -> Touch? {
        try TouchInjector.validate(location, what: "touch location")
        guard slots[slot] == nil else {
            throw InputError(code: .slotInUse, message: "slot \(slot) is already down; lift it (TouchUp) or use another slot")
        }
        guard slots.count < limits.simultaneousTouches else {
            throw InputError(
                code: .limitExceeded,
                message: "slot \(slot) would be touch number \(slots.count + 1); the limit is \(limits.simultaneousTouches) simultaneous touches (bus.limits.simultaneous-touches)")
        }
        let touch = application.touchDown(at: location)
        slots[slot] = .some(touch)
        return touch
    }

    /// Moves finger `slot` to a screen point.
    public func move(slot: UInt32, to location: Point) throws(InputError) {
        try TouchInjector.validate(location, what: "touch location")
        let touch = try downTouch(slot)
        if let touch { application.touchMoved(touch, to: location) }
    }

    /// Lifts finger `slot`.
    public func up(slot: UInt32) throws(InputError) {
        let touch = try downTouch(slot)
        slots[slot] = nil
        if let touch { application.touchUp(touch) }
    }

    /// Cancels finger `slot`.
    public func cancel(slot: UInt32) throws(InputError) {
        let touch = try downTouch(slot)
        slots[slot] = nil
        if let touch { application.touchCancelled(touch) }
    }

    /// Cancels every finger put down by slot calls (used at shutdown).
    public func cancelAllSlots() {
        for slot in activeSlots { try? cancel(slot: slot) }
    }

    private func downTouch(_ slot: UInt32) throws(InputError) -> Touch? {
        guard let entry = slots[slot] else {
            throw InputError(code: .unknownSlot, message: "slot \(slot) is not down; put it down first (TouchDown)")
        }
        return entry
    }

    // MARK: Scripts

    /// Checks a script against the rules and limits without running it: finite coordinates, delays
    /// ≥ 0, a down before any move/up/cancel of a slot, no second down on a down slot, at most the
    /// allowed simultaneous touches, samples and total time.
    public func validate(_ samples: [InputSample]) throws(InputError) {
        guard samples.count <= limits.samplesPerCall else {
            throw InputError(
                code: .limitExceeded,
                message: "\(samples.count) samples in one call; the limit is \(limits.samplesPerCall) (bus.limits.samples-per-call)")
        }
        var down: Set<UInt32> = []
        var total = 0.0
        for (index, sample) in samples.enumerated() {
            guard sample.delay.isFinite, sample.delay >= 0 else {
                throw InputError(code: .invalidValue, message: "sample \(index): delay \(sample.delay) must be a finite number ≥ 0")
            }
            total += sample.delay
            if sample.phase != .cancel {
                try TouchInjector.validate(sample.location, what: "sample \(index) location")
            }
            switch sample.phase {
            case .down:
                guard !down.contains(sample.slot) else {
                    throw InputError(code: .slotInUse, message: "sample \(index): slot \(sample.slot) is already down")
                }
                down.insert(sample.slot)
                guard down.count <= limits.simultaneousTouches else {
                    throw InputError(
                        code: .limitExceeded,
                        message: "sample \(index): \(down.count) simultaneous touches; the limit is \(limits.simultaneousTouches)")
                }
            case .move:
                guard down.contains(sample.slot) else {
                    throw InputError(code: .unknownSlot, message: "sample \(index): slot \(sample.slot) moves but is not down")
                }
            case .up, .cancel:
                guard down.remove(sample.slot) != nil else {
                    throw InputError(code: .unknownSlot, message: "sample \(index): slot \(sample.slot) lifts but is not down")
                }
            }
        }
        guard total <= limits.scriptSeconds else {
            throw InputError(
                code: .limitExceeded,
                message: "the script lasts \(total.compactDescription) s; the limit is \(limits.scriptSeconds.compactDescription) s (bus.limits.script-seconds)")
        }
        guard down.isEmpty else {
            throw InputError(
                code: .invalidValue, message: "slots \(down.sorted()) are still down at the end of the script; lift them")
        }
    }

    /// Validates, then runs a timed script. Steps with no delay are delivered at once; consecutive
    /// zero-delay steps for different slots form one multi-finger event. `completion` gets, for each
    /// `down`, the touch it created (nil when it hit no window), once every step was delivered.
    public func run(_ samples: [InputSample], completion: @escaping @MainActor ([Touch?]) -> Void) throws(InputError) {
        try validate(samples)
        let run = ScriptRun(samples: samples, application: application, completion: completion)
        runningScripts += 1
        scripts.add(run)
        let list = scripts
        // The finished run is passed in rather than captured, so the run never needs a weak
        // reference (a side table allocated and freed per call).
        run.onFinish = { [weak self] finished in
            self?.runningScripts -= 1
            list.remove(finished)
        }
        run.advance()
        if !run.isFinished, let clock = application.clock as? VirtualClock {
            // Strong: `drive` drops its goals when it returns (an outer drive, when nested), and the
            // run is not kept beyond that.
            clock.drive { run.isFinished }
        }
    }

    /// Scripts still running.
    public var scriptsInFlight: Int { runningScripts }

    /// `what` is evaluated only for the error message (a valid point costs no string).
    nonisolated static func validate(_ point: Point, what: @autoclosure () -> String) throws(InputError) {
        guard point.isFinite else {
            throw InputError(code: .invalidValue, message: "\(what()) (\(point.x.compactDescription), \(point.y.compactDescription)) is not finite; use real numbers")
        }
        guard abs(point.x) <= 1e7, abs(point.y) <= 1e7 else {
            throw InputError(code: .invalidValue, message: "\(what()) (\(point.x.compactDescription), \(point.y.compactDescription)) is out of range (|x|, |y| ≤ 10,000,000 points)")
        }
    }
}

/// One running script: delivers frames, waiting on the clock between delayed steps.
@MainActor
final class ScriptRun {
    private let samples: [InputSample]
    private let application: Application
    private let completion: @MainActor ([Touch?]) -> Void
    private var index = 0
    private var slots: [UInt32: Touch?] = [:]
    private var began: [Touch?] = []
    /// The timer of the next delayed step, while one is pending.
    private var nextStep: ClockTimer?
    private(set) var isFinished = false
    /// Runs once, when the last step was delivered, with this run; then dropped (so a closure that
    /// refers to the run leaves no cycle behind).
    var onFinish: ((ScriptRun) -> Void)?

    init(samples: [InputSample], application: Application, completion: @escaping @MainActor ([Touch?]) -> Void) {
        self.samples = samples
        self.application = application
        self.completion = completion
    }

    func advance() {
        while index < samples.count {
            if samples[index].delay > 0 {
                let delay = samples[index].delay
                var step = samples[index]
                step.delay = 0
                let action: @MainActor () -> Void = { [self] in
                    self.nextStep = nil
                    self.deliverFrame(startingWith: step)
                    self.advance()
                }
                if let clock = application.clock as? any HostClock {
                    nextStep = clock.schedule(after: delay, purpose: .inputScript, action)
                } else {
                    nextStep = application.clock.schedule(after: delay, action)
                }
                return
            }
            deliverFrame(startingWith: samples[index])
        }
        isFinished = true
        completion(began)
        let finish = onFinish
        onFinish = nil
        finish?(self)
    }

    /// Where the run is, for the pending-work list: the next step and when it is due.
    var progress: (step: Int, of: Int, due: Double?) {
        (index + 1, samples.count, nextStep.flatMap { $0.isPending ? $0.deadline : nil })
    }

    /// Delivers `first` (the sample at `index`, delay consumed) plus the following zero-delay samples
    /// of other slots, as one event.
    private func deliverFrame(startingWith first: InputSample) {
        var frame: [TouchInput] = []
        // The frame's slots: the first one, and a set only once a second sample joins (most frames
        // have one finger, and a set would cost an allocation per frame).
        let firstSlot = first.slot
        var otherSlots: Set<UInt32> = []
        var sample = first
        while true {
            if sample.slot != firstSlot { otherSlots.insert(sample.slot) }
            switch sample.phase {
            case .down:
                frame.append(.down(sample.location))
                slots[sample.slot] = .some(nil)
            case .move:
                if let touch = slots[sample.slot] ?? nil { frame.append(.move(touch, to: sample.location)) }
            case .up:
                if let touch = slots[sample.slot] ?? nil { frame.append(.up(touch, at: sample.location)) }
                slots[sample.slot] = nil
            case .cancel:
                if let touch = slots[sample.slot] ?? nil { frame.append(.cancel(touch)) }
                slots[sample.slot] = nil
            }
            index += 1
            guard index < samples.count, samples[index].delay == 0, samples[index].slot != firstSlot,
                !otherSlots.contains(samples[index].slot)
            else { break }
            sample = samples[index]
        }
        let slotCount = 1 + otherSlots.count
        let created = frame.isEmpty ? [] : application.dispatch(frame)
        // Bind the created touches to their slots, in order of the downs of this frame.
        var createdIndex = 0
        var scan = index - slotCount
        while scan < index, createdIndex < created.count {
            if samples[scan].phase == .down {
                slots[samples[scan].slot] = .some(created[createdIndex])
                began.append(created[createdIndex])
                createdIndex += 1
            }
            scan += 1
        }
    }
}
