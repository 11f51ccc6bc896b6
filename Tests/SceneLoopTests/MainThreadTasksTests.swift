import Glibc
@testable import SceneLoop
import Testing

/// The delay a sleeping task's deadline leaves, as the hooks compute it. The hooks themselves are
/// process-wide and would move this test process's own tasks to its main thread: the real board
/// runs them (`IdleBoardTests` in the integration suites: an idle board wakes no thread).
@Suite("Main-thread tasks: a deadline's delay")
struct MainThreadTasksTests {
    /// Now on `clock` (1: CLOCK_BOOTTIME, 2: CLOCK_MONOTONIC), in whole seconds and nanoseconds.
    private func now(_ clock: Int32) -> (seconds: Int64, nanoseconds: Int64) {
        var time = timespec()
        clock_gettime(clock == 1 ? CLOCK_BOOTTIME : CLOCK_MONOTONIC, &time)
        return (Int64(time.tv_sec), Int64(time.tv_nsec))
    }

    @Test("A deadline two seconds ahead on either clock leaves just under two seconds", arguments: [Int32(1), 2])
    func aheadLeavesTheDifference(clock: Int32) {
        let start = now(clock)
        let left = nanosecondsUntil(seconds: start.seconds + 2, nanoseconds: start.nanoseconds, clock: clock)
        #expect(left <= 2_000_000_000 && left > 1_000_000_000, "\(left) ns")
    }

    @Test("A deadline already past, or far in the past, leaves none")
    func pastLeavesNone() {
        let start = now(2)
        #expect(nanosecondsUntil(seconds: start.seconds - 1, nanoseconds: start.nanoseconds, clock: 2) == 0)
        #expect(nanosecondsUntil(seconds: start.seconds, nanoseconds: start.nanoseconds - 1, clock: 2) == 0)
        #expect(nanosecondsUntil(seconds: .min, nanoseconds: 0, clock: 2) == 0)
    }

    @Test("A deadline too far to count in nanoseconds is the longest wait, not a wrapped short one")
    func farIsLongest() {
        #expect(nanosecondsUntil(seconds: .max, nanoseconds: 999_999_999, clock: 1) == .max)
        #expect(nanosecondsUntil(seconds: Int64.max / 2, nanoseconds: 0, clock: 2) == .max)
    }
}
