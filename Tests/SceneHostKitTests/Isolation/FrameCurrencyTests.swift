@testable import SceneHostKit
import Testing

@Suite("A scene process's frames are known current once a barrier made after every call is answered, until the next call or start")
struct FrameCurrencyTests {
    @Test("Nothing is known at a start; a barrier after the newest call makes the frames current; a call after it does not")
    func barriersAndCalls() {
        var currency = FrameCurrency()
        currency.processStarted()
        #expect(!currency.isCurrent, "a new process's frames are not known")
        currency.barrierAnswered(through: currency.newestCall, generation: currency.generation)
        #expect(currency.isCurrent, "a barrier with nothing before it")
        currency.callMade(3)
        #expect(!currency.isCurrent)
        let through = currency.newestCall
        let generation = currency.generation
        currency.callMade(5)
        currency.barrierAnswered(through: through, generation: generation)
        #expect(!currency.isCurrent, "call 5 was made after the barrier: its frames may not be shown")
        currency.barrierAnswered(through: 5, generation: generation)
        #expect(currency.isCurrent)
    }

    @Test("A barrier answered by the process before a restart says nothing of the new one; an older barrier's answer does not undo a newer one's")
    func restartsAndOrder() {
        var currency = FrameCurrency()
        currency.processStarted()
        currency.callMade(1)
        let before = currency.generation
        currency.processStarted()
        currency.barrierAnswered(through: 1, generation: before)
        #expect(!currency.isCurrent)
        currency.barrierAnswered(through: 1, generation: currency.generation)
        #expect(currency.isCurrent)
        currency.barrierAnswered(through: 0, generation: currency.generation)
        #expect(currency.isCurrent, "the shown call never goes back")
        #expect(currency.shownThrough == 1)
    }
}
