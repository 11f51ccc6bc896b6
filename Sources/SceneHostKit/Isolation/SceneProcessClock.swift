import Dispatch
import Glibc

/// The time a ``SceneProcessHost`` reads and the wake-ups it asks for, in monotonic nanoseconds: a
/// hung process is hung in real time, whatever the scenes' clock says. Tests give a manual one.
@MainActor
protocol SceneProcessClock: AnyObject {
    var now: UInt64 { get }
    /// Calls `action` on the main actor at `deadline` (or soon after), replacing the wake-up asked
    /// for before, if it has not run.
    func wake(at deadline: UInt64, _ action: @escaping @MainActor () -> Void)
}

/// `CLOCK_MONOTONIC` and one dispatch timer on the main queue.
@MainActor
final class MonotonicSceneProcessClock: SceneProcessClock {
    private var timer: (any DispatchSourceTimer)?

    var now: UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    func wake(at deadline: UInt64, _ action: @escaping @MainActor () -> Void) {
        timer?.cancel()
        let source = DispatchSource.makeTimerSource(queue: .main)
        let delay = deadline > now ? deadline - now : 0
        source.schedule(deadline: .now() + .nanoseconds(Int(min(delay, UInt64(Int.max)))))
        source.setEventHandler { MainActor.assumeIsolated { action() } }
        source.activate()
        timer = source
    }

    isolated deinit {
        timer?.cancel()
    }
}
