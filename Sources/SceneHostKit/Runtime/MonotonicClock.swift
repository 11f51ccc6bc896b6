import Dispatch
import Glibc
public import SceneCore

/// The host's clock: `CLOCK_MONOTONIC` seconds (time since boot, [TD-3]); timers run as blocks on the
/// main queue, which the main run loop drains on the process's main thread.
@MainActor
public final class MonotonicClock: EventClock {
    public init() {}

    public var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    public func schedule(after delay: Double, _ action: @escaping @MainActor () -> Void) -> ClockTimer {
        let wait = Swift.max(0, delay)
        let timer = ClockTimer(deadline: now + wait, action: action)
        DispatchQueue.main.asyncAfter(deadline: .now() + wait) {
            MainActor.assumeIsolated { timer.fire() }
        }
        return timer
    }
}
