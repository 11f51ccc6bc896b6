import SceneProcesses
import Testing

@Suite("Where a scene process finds its plugin's code")
struct PluginCrashHandlerTests {
    static let maps = """
        55d0a0000000-55d0a0100000 r--p 00000000 fe:01 100 /usr/bin/scene-host
        7f0000000000-7f0000001000 r--p 00000000 fe:01 200                        /plugins/libClock.so
        7f0000001000-7f0000005000 r-xp 00001000 fe:01 200                        /plugins/libClock.so
        7f0000005000-7f0000006000 r--p 00005000 fe:01 200                        /plugins/libClock.so
        7f0000006000-7f0000007000 rw-p 00005000 fe:01 200                        /plugins/libClock.so
        7f0000010000-7f0000020000 r-xp 00000000 fe:01 300                        /plugins/libClock.so.old
        7ffd00000000-7ffd00021000 rw-p 00000000 00:00 0                          [stack]
        """

    @Test("Its base is where the file's offset 0 is mapped, its code the executable mapping, of that file only")
    func mappingOfThePlugin() {
        let mapping = PluginCrashHandler.mapping(of: "/plugins/libClock.so", in: Self.maps)
        #expect(mapping == PluginCrashHandler.Mapping(base: 0x7f00_0000_0000, code: 0x7f00_0000_1000..<0x7f00_0000_5000))
    }

    @Test("A library that is not mapped, or has no code mapped, gives nothing")
    func unmapped() {
        #expect(PluginCrashHandler.mapping(of: "/plugins/libOther.so", in: Self.maps) == nil)
        #expect(PluginCrashHandler.mapping(of: "/usr/bin/scene-host", in: Self.maps) == nil)
    }
}
