@testable import SceneHostKit
import Testing

/// The scene-process clock's timer, armed lazily: a response deadline that moves later with every
/// input does not re-arm it; the wake-up runs at the deadline asked for last, never before.
@Suite("A lazily armed timer")
struct LazyTimerTests {
    @Test("The first deadline arms the timer; later ones keep it; when it fires early it is armed for the rest, and the wake-up runs at the last deadline")
    func laterDeadlinesKeepTheTimer() {
        var timer = LazyTimer()
        #expect(timer.wake(at: 100) == .arm(100))
        #expect(timer.wake(at: 150) == .keep)
        #expect(timer.wake(at: 180) == .keep)
        #expect(timer.fired(at: 100) == .arm(180), "fired at the first deadline: the wake-up is not due")
        #expect(timer.fired(at: 180) == .run)
        #expect(timer.wanted == nil)
        #expect(timer.fired(at: 200) == .keep, "nothing asked for")
    }

    @Test("An earlier deadline re-arms at once")
    func earlierDeadlineRearms() {
        var timer = LazyTimer()
        #expect(timer.wake(at: 500) == .arm(500))
        #expect(timer.wake(at: 200) == .arm(200))
        #expect(timer.armedFor == 200)
        #expect(timer.fired(at: 200) == .run)
    }

    @Test("A timer that fires late runs the wake-up then; one asked for again after it ran arms again")
    func lateAndAgain() {
        var timer = LazyTimer()
        #expect(timer.wake(at: 100) == .arm(100))
        #expect(timer.fired(at: 140) == .run)
        #expect(timer.wake(at: 300) == .arm(300))
        #expect(timer.wake(at: 300) == .keep)
        #expect(timer.fired(at: 300) == .run)
    }

    @Test("On random deadlines and firing times, the wake-up runs exactly when the timer fires at or after the deadline asked for last, and a timer is always armed while one is wanted")
    func randomSequences() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            var timer = LazyTimer()
            var now: UInt64 = 0
            var armed: UInt64?
            var wanted: UInt64?
            for _ in 0..<30 {
                if Bool.random(using: &random) || armed == nil {
                    let deadline = now + UInt64.random(in: 0...100, using: &random)
                    wanted = deadline
                    switch timer.wake(at: deadline) {
                    case .arm(let at): armed = at
                    case .keep: #expect(armed != nil && armed! <= deadline)
                    case .run: Issue.record("wake(at:) never runs the action itself")
                    }
                } else if let at = armed {
                    now = max(now, at) + UInt64.random(in: 0...5, using: &random)
                    armed = nil
                    switch timer.fired(at: now) {
                    case .run:
                        #expect(wanted != nil && wanted! <= now)
                        wanted = nil
                    case .arm(let next):
                        #expect(wanted == next && next > now)
                        armed = next
                    case .keep: #expect(wanted == nil)
                    }
                }
                if wanted != nil { #expect(armed != nil, "a wanted wake-up always has a timer") }
            }
        }
    }
}
