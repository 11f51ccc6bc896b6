import Dispatch
import Glibc
public import SceneCore

/// The host's real clock: `CLOCK_MONOTONIC` seconds (time since boot, [TD-3]). Timers wait in one
/// sorted queue; a single dispatch timer on the main queue, which the main run loop drains on the
/// process's main thread, is armed for the earliest deadline and fires every timer due by then, in
/// deadline order.
@MainActor
public final class MonotonicClock: HostClock {
    private var queue = TimerQueue()
    private let source: any DispatchSourceTimer
    /// The deadline the dispatch timer is armed for (nil: disarmed).
    private var armedDeadline: Double?
    public var onTimersFired: (@MainActor () -> Void)?

    public init() {
        source = DispatchSource.makeTimerSource(flags: .strict, queue: .main)
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.fireDueTimers() }
        }
        source.activate()
    }

    isolated deinit {
        source.cancel()
    }

    public var mode: ClockMode { .real }

    public var now: Double { Self.monotonicSeconds() }

    /// `CLOCK_MONOTONIC` now, in seconds.
    public nonisolated static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    public var pendingTimers: [PendingTimer] { queue.pending }

    public func schedule(after delay: Double, purpose: TimerPurpose, _ action: @escaping @MainActor () -> Void) -> ClockTimer {
        let timer = ClockTimer(deadline: now + Swift.max(0, delay), action: action)
        enqueue(timer, purpose: purpose)
        return timer
    }

    /// Queues an owner-driven SceneCore timer (a recognizer's) at its deadline.
    public func schedule(_ timer: ClockTimer) {
        enqueue(timer, purpose: .model)
    }

    private func enqueue(_ timer: ClockTimer, purpose: TimerPurpose) {
        queue.insert(timer, at: timer.deadline, purpose: purpose)
        if armedDeadline.map({ timer.deadline < $0 }) ?? true { arm() }
    }

    /// Arms the dispatch timer for the earliest pending deadline (at once when it is due), or
    /// disarms it when nothing is pending.
    private func arm() {
        guard let deadline = queue.nextDeadline() else {
            armedDeadline = nil
            source.schedule(deadline: .distantFuture)
            return
        }
        armedDeadline = deadline
        let wait = Swift.max(0, deadline - now)
        source.schedule(deadline: .now() + .nanoseconds(Int(wait * 1e9)), leeway: .nanoseconds(0))
    }

    private func fireDueTimers() {
        armedDeadline = nil
        let time = now
        var fired = false
        while let (_, timer) = queue.popDue(notAfter: time) {
            fired = true
            timer.fire()
        }
        arm()
        if fired { onTimersFired?() }
    }
}
