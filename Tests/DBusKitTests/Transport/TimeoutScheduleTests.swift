@testable import DBusKit
import Dispatch
import Testing

/// The decision ``ConnectionLoop`` takes when a libdbus timeout's timer runs: a timer that runs late
/// by more than half its interval (the main actor was busy) gives the call one more interval.
@Suite("A timeout's schedule: late runs and the next due time")
struct TimeoutScheduleTests {
    private func schedule(dueAt due: UInt64, interval: UInt64) -> TimeoutSchedule {
        TimeoutSchedule(due: DispatchTime(uptimeNanoseconds: due), interval: interval, graced: false)
    }

    @Test("A run up to half an interval after the due time is on time; later is late", arguments: [
        (UInt64(1_000), false), (1_100, false), (1_500, false), (1_501, true), (90_000, true), (900, false),
    ])
    func lateness(at now: UInt64, late: Bool) {
        let timeout = schedule(dueAt: 1_000, interval: 1_000)
        #expect(timeout.ranLate(at: DispatchTime(uptimeNanoseconds: now)) == late)
    }

    @Test("After a run the next due time is the first whole interval past now, however many were missed")
    func nextDueTime() {
        var timeout = schedule(dueAt: 1_000, interval: 1_000)
        timeout.advance(past: DispatchTime(uptimeNanoseconds: 1_000))
        #expect(timeout.due.uptimeNanoseconds == 2_000)
        timeout.advance(past: DispatchTime(uptimeNanoseconds: 7_250))
        #expect(timeout.due.uptimeNanoseconds == 8_000)
        timeout.advance(past: DispatchTime(uptimeNanoseconds: 7_900))
        #expect(timeout.due.uptimeNanoseconds == 8_000)
    }

    @Test("libdbus's milliseconds become nanoseconds, never zero")
    func interval() {
        #expect(TimeoutSchedule.nanoseconds(ofMilliseconds: 25_000) == 25_000_000_000)
        #expect(TimeoutSchedule.nanoseconds(ofMilliseconds: 0) == 1_000_000)
    }
}
