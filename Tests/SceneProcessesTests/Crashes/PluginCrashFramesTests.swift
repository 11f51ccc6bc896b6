import SceneProcesses
import Testing

@Suite("The crash line of a scene process: its plugin's frames")
struct PluginCrashFramesTests {
    @Test("A line names each frame by its library and offset, innermost first")
    func readsFrames() {
        let frames = PluginCrashFrames(line: "scene process crash: plugin frames libClock.so+0x1a2b libClock.so+0x40")
        #expect(frames?.frames == [.init(library: "libClock.so", offset: 0x1a2b), .init(library: "libClock.so", offset: 0x40)])
    }

    @Test("A crash with no plugin frame on the stack says none")
    func readsNone() {
        #expect(PluginCrashFrames(line: "scene process crash: plugin frames none")?.frames == [])
    }

    @Test(
        "Any other line is not one, even a near miss",
        arguments: [
            "scene process findview: sandboxed (Landlock ABI 7)", "scene process crash: plugin frames", "scene process crash: plugin frames libClock.so",
            "scene process crash: plugin frames libClock.so+1a2b", "scene process crash: plugin frames libClock.so+0xzz", "scene process crash: plugin frames +0x10",
        ])
    func refusesOthers(line: String) {
        #expect(PluginCrashFrames(line: line) == nil)
    }
}
