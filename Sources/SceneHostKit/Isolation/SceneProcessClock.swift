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

/// `CLOCK_MONOTONIC` and one dispatch timer on the main queue, armed lazily.
///
/// Every input a scene process is sent moves its response deadline later. Re-arming the timer each
/// time cost two wake-ups of libdispatch's manager thread per input (the new source, the cancelled
/// one), and then a turn of the main queue: a third of a touch's round trip through a scene process.
/// So a timer that fires before the deadline now asked for is kept; when it fires it is armed again
/// for the rest, and the action runs only once the deadline asked for has come. Only a deadline
/// earlier than the armed one re-arms at once.
@MainActor
final class MonotonicSceneProcessClock: SceneProcessClock {
    private var timer: (any DispatchSourceTimer)?
    private var arming = LazyTimer()
    /// The action of the wake-up asked for last.
    private var action: (@MainActor () -> Void)?

    var now: UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    func wake(at deadline: UInt64, _ action: @escaping @MainActor () -> Void) {
        self.action = action
        apply(arming.wake(at: deadline))
    }

    private func apply(_ decision: LazyTimer.Decision) {
        switch decision {
        case .keep:
            return
        case .arm(let deadline):
            timer?.cancel()
            let current = now  // one reading: the clock may pass the deadline between two
            let delay = deadline > current ? deadline - current : 0
            let source = DispatchSource.makeTimerSource(queue: .main)
            source.schedule(deadline: .now() + .nanoseconds(Int(min(delay, UInt64(Int.max)))))
            source.setEventHandler { [weak self] in
                MainActor.assumeIsolated {
                    guard let self else { return }
                    self.timer?.cancel()
                    self.timer = nil
                    self.apply(self.arming.fired(at: self.now))
                }
            }
            source.activate()
            timer = source
        case .run:
            let action = self.action
            self.action = nil
            action?()
        }
    }

    isolated deinit {
        timer?.cancel()
    }
}
