import DBusKit
import Foundation
import Glibc
import SceneBusContract
import TestProcesses
import Testing

@MainActor
@Suite("Record and replay: the real input of a desktop session as a script, and its replay verified (Xvfb)", .enabled(if: desktopToolsAvailable, desktopToolsNote))
struct DesktopRecordReplayTests {
    @Test("scenectl record writes the real input of plugins inside the host with its timing and signals; scene-host --input replays it with every scene in a process of its own to the same signals, and --verify names the first difference of a tampered copy")
    func recordAndReplay() async throws {
        // Recorded with every plugin inside the host: there one order holds across scenes whatever the
        // machine's load. With scene processes the board holds the desktop's input read after an
        // input until that process answered, but only for the display's input wait (1 s): on the
        // AddressSanitizer build beside stress-ng a process took longer and the recording's order
        // differed from its replay (proof P89). The replays run in scene processes (the default),
        // which deliver each record once the one before was answered.
        let desktop = try await DesktopHost(arguments: ["--isolation", "none"])
        defer { desktop.close() }
        let file = scratchPath("recording.txt")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let recorder = try ScenectlProcess(["record", "-o", file, "--ready"], runtimeFolder: desktop.host.runtimeFolder)
        #expect(await recorder.stderr(contains: "scenectl: recording"), "\(recorder.stderr)")
        // Seed 000's blue tap; a pinch on GestureLab's canvas; typing into Gallery's field; a focus change.
        try await desktop.x.xdotool("mousemove", "240", "250", "click", "1")
        try await desktop.x.xdotool(
            "mousemove", "595", "422", "keydown", "shift", "keydown", "alt", "mousedown", "1", "mousemove", "595", "600",
            "mousemove", "595", "670", "mouseup", "1", "keyup", "alt", "keyup", "shift")
        try await desktop.x.xdotool(
            "mousemove", "545", "620", "keydown", "alt", "mousedown", "1", "mousemove", "556", "609", "mousemove", "570", "590",
            "mouseup", "1", "keyup", "alt")
        try await desktop.x.xdotool("mousemove", "995", "442", "click", "1")
        try await desktop.client.waitForSignals("the alert hidden") { _ in desktop.logLines(of: "gallery").contains("alert hidden") }
        try await desktop.x.xdotool("mousemove", "995", "122", "click", "1")
        try await desktop.client.waitForSignals("editing") { _ in desktop.logLines(of: "gallery").contains("field became first responder") }
        try await desktop.x.xdotool("type", "--delay", "15", "hi there")
        try await desktop.x.xdotool("key", "Return")
        try await desktop.client.waitForSignals("return") { _ in desktop.logLines(of: "gallery").contains("field return: hi there") }
        try await desktop.x.xdotool("windowfocus", "--sync", try await desktop.window(of: "findview"))
        try await desktop.client.waitForSignals("findview focused") { signals in
            signals.contains { $0.member == "Input" && $0.string(2) == "focus findview gained" }
        }
        // The recorder has written the host's last Input, and what Gallery's loss of the focus made,
        // before it is stopped: X may report Gallery's focus out after FindView's focus in (proof
        // P64, under load: the recording ended at "focus gallery lost", before the activation
        // change it causes, which the replay then emitted).
        try await eventually("the recorder to write the focus change") {
            let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
            return text.contains("\nfocus findview gained\n") && text.contains("\n#> SceneActivationChanged scene/gallery foreground-inactive")
        }
        recorder.process.signal(SIGINT)
        #expect(await recorder.exitStatus() == 0, "\(recorder.stderr)")
        let recording = try String(contentsOfFile: file, encoding: .utf8)
        let lines = recording.split(separator: "\n").map(String.init)
        #expect(lines.contains("touch findview 0 down 240 250") && lines.contains("touch findview 0 up 240 250"))
        #expect(lines.contains("touch gesturelab 0 down 145 620, 1 down 245 720"))
        #expect(lines.contains("type h") && lines.contains("key space began") && lines.contains("type \\s"))
        #expect(lines.contains("focus findview gained"))
        #expect(lines.contains { $0.hasPrefix("wait ") })
        let kept = lines.filter { $0.hasPrefix("#> Log scene/findview ") }.map { String($0.dropFirst("#> Log scene/findview ".count)) }
        #expect(kept == HostLifecycleTests.blueTrace, "the blue trace is kept")
        #expect(lines.contains { $0.hasPrefix("#> Log scene/gesturelab pinch ended") })
        let inputs = desktop.client.signals(named: "Input").map { $0.string(2) }
        #expect(lines.filter { !$0.hasPrefix("#") && !$0.hasPrefix("wait ") && !$0.hasPrefix("focus ") }.count
            == inputs.filter { !$0.hasPrefix("focus ") }.count, "every input the host published is in the file")

        // The replay, headless: the same signals, touch numbers aside.
        let replay = try HostProcess(arguments: ["--input", file, "--verify"])
        #expect(await replay.exitStatus() == 0, "\(replay.log.suffix(6).joined(separator: "\n"))")
        #expect(replay.log.contains { $0.contains("verify: the replay of \(file) emitted the") })

        // A tampered copy: the first tap on red instead of blue.
        let tampered = file + ".tampered"
        defer { try? FileManager.default.removeItem(atPath: tampered) }
        try recording.replacingOccurrences(of: "touch findview 0 down 240 250\n", with: "touch findview 0 down 100 150\n")
            .write(toFile: tampered, atomically: true, encoding: .utf8)
        let diverging = try HostProcess(arguments: ["--input", tampered, "--verify"])
        #expect(await diverging.exitStatus() == 65)
        let report = diverging.log.first { $0.contains("--verify:") } ?? ""
        #expect(
            report.contains("after input 'touch findview 0 down 100 150'") && report.contains("expected 'Log scene/findview blueColorView")
                && report.contains("got 'Log scene/findview redColorView"), "\(report)")
    }
}
