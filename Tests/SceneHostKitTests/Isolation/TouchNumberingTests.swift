@testable import SceneHostKit
import TestSupport
import Testing

@Suite("One touch numbering for the board")
struct TouchNumberingTests {
    @Test("Touches of two scene processes, both numbered from 1, get distinct numbers in the order the board first sees them; the same touch keeps its number")
    func distinctNumbers() {
        var numbering = TouchNumbering()
        #expect(numbering.number(1, in: "findview") == 1)
        #expect(numbering.number(1, in: "gesturelab") == 2)
        #expect(numbering.number(1, in: "findview") == 1)
        #expect(numbering.number(2, in: "findview") == 3)
        #expect(numbering.number(0, in: "findview") == 0, "no touch stays no touch")
    }

    @Test("An ended touch keeps its number for a script's answer, then it is freed: the numbers kept stay bounded")
    func endedNumbersAreFreed() {
        var numbering = TouchNumbering()
        let first = numbering.number(1, in: "a")
        numbering.end(1, in: "a")
        #expect(numbering.number(1, in: "a") == first, "kept after its end")
        for local in UInt64(2)...UInt64(TouchNumbering.keptAfterEnd + 10) {
            _ = numbering.number(local, in: "a")
            numbering.end(local, in: "a")
        }
        #expect(numbering.count == TouchNumbering.keptAfterEnd)
        #expect(numbering.number(1, in: "a") != first, "freed once enough touches ended after it")
    }

    @Test("A restarted scene process numbers from 1 again: its old numbers are forgotten, another scene's kept")
    func restartForgets() {
        var numbering = TouchNumbering()
        let old = numbering.number(1, in: "crashy")
        let other = numbering.number(1, in: "findview")
        numbering.forget(scene: "crashy")
        #expect(numbering.number(1, in: "crashy") != old)
        #expect(numbering.number(1, in: "findview") == other)
    }

    @Test("Random interleavings never give two live touches one number", arguments: [91 as UInt64, 92])
    func neverShared(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var numbering = TouchNumbering()
        var live: [String: [UInt64]] = ["a": [], "b": [], "c": []]
        var next: [String: UInt64] = ["a": 1, "b": 1, "c": 1]
        for _ in 0..<5_000 {
            let scene = ["a", "b", "c"][random.below(3)]
            if random.below(2) == 0 || live[scene]!.isEmpty {
                live[scene]!.append(next[scene]!)
                next[scene]! += 1
            } else {
                let local = live[scene]!.remove(at: random.below(live[scene]!.count))
                numbering.end(local, in: scene)
            }
            let numbers = live.flatMap { scene, locals in locals.map { numbering.number($0, in: scene) } }
            #expect(Set(numbers).count == numbers.count, "seed \(seed)")
        }
    }
}

@MainActor
@Suite("A scene process's busy sources in the board's words")
struct SceneProcessWorkSourceTests {
    @Test("Every touch a busy source names is named by the board's number; other numbers stay")
    func touchesRenumbered() {
        let renumber: (UInt64) -> UInt64 = { $0 + 10 }
        #expect(SceneProcessWorkSource.renumberingTouches(in: "touch 3 is down (began) on row-2", renumber) == "touch 13 is down (began) on row-2")
        #expect(
            SceneProcessWorkSource.renumberingTouches(in: "touch 3's began is held back; touch 4 too", renumber) == "touch 13's began is held back; touch 14 too")
        #expect(SceneProcessWorkSource.renumberingTouches(in: "waits for tap 1 of 1 (at most 0.75 s down)", renumber) == "waits for tap 1 of 1 (at most 0.75 s down)")
        #expect(SceneProcessWorkSource.renumberingTouches(in: "a touch moved", renumber) == "a touch moved")
    }
}
