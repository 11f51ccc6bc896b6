import Foundation
import ScenePlugins
import Testing

@Suite("Crash-loop quarantine: the crash history")
struct PluginCrashHistoryTests {
    let clock = PluginFile(path: "/p/libClock.so", realPath: "/p/libClock.so", size: 100, modified: 5)
    let other = PluginFile(path: "/p/libOther.so", realPath: "/p/libOther.so", size: 7, modified: 1)

    func record(_ file: PluginFile?, signal: Int32 = 4) -> PluginCrashHistory.CrashRecord {
        let text = file.map { "\($0.realPath)\n\($0.size)\n\($0.modified)\n" } ?? "-\n0\n0\n"
        return PluginCrashHistory.CrashRecord(text: text + String(format: "%03d\n", signal))!
    }

    @Test("The signal handler's record reads back: the plugin file, or none, and the signal")
    func records() {
        #expect(record(clock).file == clock)
        #expect(record(clock, signal: 11).signal == 11)
        #expect(record(nil).file == nil)
        #expect(PluginCrashHistory.CrashRecord(text: "garbage") == nil)
    }

    @Test("Two crashes in a row quarantine a plugin; a clean run or another cause in between does not")
    func streaks() {
        var history = PluginCrashHistory()
        #expect(history.absorb(record(clock), at: 1)?.quarantined == false)
        history.runEndedCleanly()
        #expect(history.absorb(record(clock), at: 2)?.streak == 1, "a clean run broke the streak")
        history.absorb(record(other), at: 3)
        #expect(history.absorb(record(clock), at: 4)?.streak == 1, "a crash of another plugin broke the streak")
        history.absorb(record(nil), at: 5)
        #expect(history.quarantine(of: clock) == nil)
        history.absorb(record(clock), at: 6)
        let entry = history.absorb(record(clock), at: 7)
        #expect(entry?.quarantined == true && entry?.streak == 2)
        #expect(history.quarantine(of: clock) != nil)
        history.runEndedCleanly()
        history.absorb(record(nil), at: 8)
        #expect(history.quarantine(of: clock) != nil, "a quarantine lasts through clean runs")
        #expect(PluginCrashHistory.reason(entry!).contains("it crashed the host 2 times in a row (last with SIGILL"))
        #expect(PluginCrashHistory.reason(entry!).contains("scenectl plugins --clear-quarantine Clock"))
    }

    @Test("A quarantine ends when the file changes or when it is cleared by name, file name, path or all")
    func lifting() {
        var history = PluginCrashHistory()
        history.absorb(record(clock), at: 1)
        history.absorb(record(clock), at: 2)
        let rebuilt = PluginFile(path: clock.path, realPath: clock.realPath, size: 101, modified: 9)
        #expect(history.quarantine(of: rebuilt) == nil)
        for name in ["Clock", "libClock.so", "/p/libClock.so", ""] {
            var copy = history
            #expect(copy.clear(name) == ["/p/libClock.so"], "\(name)")
            #expect(copy.quarantine(of: clock) == nil)
        }
        #expect(history.clear("Other") == [])
    }
}
