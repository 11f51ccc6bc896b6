import Dispatch
import SceneLoop
import Testing

/// The libdispatch watches that stand in for the loop where another loop runs the main thread
/// (these tests'): the same contract, one source per descriptor.
@MainActor
@Suite("Descriptor watches by libdispatch read sources")
struct DispatchDescriptorWatchesTests {
    @Test("The handler runs on the main actor while the descriptor is readable, and not after the watch is cancelled; the owner is let go")
    func readableUntilCancelled() async throws {
        let watches = DispatchDescriptorWatches()
        let pipe = Pipe()
        var read: [String] = []
        weak var released: Pipe?
        var owner: Pipe? = Pipe()
        released = owner
        let watch = try watches.watchReadable(pipe.readEnd, owner: owner) { read.append(pipe.read()) }
        owner = nil
        pipe.write("a")
        while read.isEmpty { await Self.nextTurn() }
        #expect(read == ["a"])
        watch.cancel()
        pipe.write("b")
        for _ in 0..<20 { await Self.nextTurn() }
        #expect(read == ["a"], "cancelled")
        while released != nil { await Self.nextTurn() }  // after the source's cancellation ran
    }

    private static func nextTurn() async {
        await withCheckedContinuation { (turn: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async { turn.resume() }
        }
    }
}
