import SceneProcesses
import Testing

@Suite("How a scene process ended, in words")
struct SceneExitTests {
    @Test("An exit gives its status, a signal its number and name, the rest what went wrong")
    func descriptions() {
        #expect(SceneExit.exited(3).description == "exited with status 3")
        #expect(SceneExit.signaled(11).description == "killed by signal 11 (SIGSEGV)")
        #expect(SceneExit.signaled(4).description == "killed by signal 4 (SIGILL)")
        #expect(SceneExit.signaled(6).description == "killed by signal 6 (SIGABRT)")
        #expect(SceneExit.signaled(40).description == "killed by signal 40", "a real-time signal has no name here")
        #expect(SceneExit.startTimedOut.description == "did not start in time")
        #expect(SceneExit.couldNotStart("ENOENT").description == "could not start: ENOENT")
    }
}
