@testable import SceneCore
import TestSupport
import Testing

/// Today's gesture arena against the arbitration SceneCore had before it became a value (the reference
/// window, Support/ReferenceArbitration): two worlds built from one seed (ArbitrationWorld) — random
/// trees, random recognizers of every kind (plain and subclassed, one written from scratch), random
/// delegates, failure requirements and cancels/delays flags, code in actions that disables
/// recognizers, removes views, sets states, adds and lifts fingers or hides the window mid-settlement —
/// get the same random multi-touch script on a manual clock. Everything either world does that code
/// outside SceneCore can see is written down: every touch method of every view, view controller and
/// the application, every touch method and reset of the recognizers that override them, every state
/// change (observers and actions), every delegate question and subclass hook, every view's
/// `gestureRecognizerShouldBegin`, every control event. The two traces must be identical after every
/// step.
@MainActor
@Suite("Gesture arbitration: the arena against the reference arbitration, on random recognizer sets")
struct ArbitrationDifferentialTests {
    static let filter = "ArbitrationDifferentialTests"

    @Test("20,000 random recognizer sets and touch scripts: the same callbacks, in the same order, as the reference")
    func arenaDecidesAsTheReference() async {
        let seed = DifferentialSeed.base()
        var scripts = SplitMix64(seed: seed)
        // About 13 s of one core in the plain debug build; a tenth of that many cases under a sanitizer,
        // where each runs about ten times slower. The seed is new on every run (DifferentialSeed), so
        // the runs add up to more cases than one run could hold; SCENECORE_DIFFERENTIAL_SCALE=5 gives
        // one run of 100,000 (this test alone was 160-210 s of each CI run at that size).
        let cases = DifferentialSeed.scaled(DifferentialSeed.isSanitized ? 2_000 : 20_000)
        var steps = 0
        for caseIndex in 0..<cases {
            // The main actor is shared with the other suites of the process (the D-Bus tests answer
            // calls on it, some count how many they answer in a given time): they run between any two
            // cases (a millisecond or so) rather than wait for the whole run.
            await Task.yield()
            let worldSeed = scripts.next()
            let arena = ArbitrationWorld(seed: worldSeed, reference: false)
            let reference = ArbitrationWorld(seed: worldSeed, reference: true)
            var compared = 0
            for stepIndex in 0..<scripts.int(3, 14) {
                let step = ArbitrationStep.random(&scripts)
                let label = "— \(step)"
                arena.apply(step, label: label)
                reference.apply(step, label: label)
                steps += 1
                // The lines up to `compared` agreed after the previous step.
                guard arena.trace.lines.count != reference.trace.lines.count
                    || arena.trace.lines[compared...] != reference.trace.lines[compared...]
                else {
                    compared = arena.trace.lines.count
                    continue
                }
                let lines = (arena.trace.lines, reference.trace.lines)
                let first = zip(lines.0, lines.1).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                    ?? Swift.min(lines.0.count, lines.1.count)
                Issue.record(
                    """
                    The arena differs from the reference (\(DifferentialSeed.replay(seed, filter: Self.filter))): \
                    case \(caseIndex), step \(stepIndex) (\(step)); from line \(first): \
                    arena \(lines.0.dropFirst(Swift.max(0, first - 4)).prefix(12)), \
                    reference \(lines.1.dropFirst(Swift.max(0, first - 4)).prefix(12))
                    """)
                return
            }
        }
        #expect(steps >= cases * 3)
    }
}
