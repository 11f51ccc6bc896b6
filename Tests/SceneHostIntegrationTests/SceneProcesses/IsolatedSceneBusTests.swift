import DBusKit
import Foundation
import SceneBusContract
import SceneCore
import SceneRender
import SceneProcesses
import Testing

/// The real scene-host with `isolation: process`: each configured scene in a scene process of its
/// own, reached over D-Bus as a scene loaded into the host is. Seed 000's FindView is compared
/// with the same scene in one process (`isolation: none`); FixtureCrashInHandler crashes in its
/// button's action.
@MainActor
@Suite("Scenes in processes of their own, over D-Bus", .serialized)
struct IsolatedSceneBusTests {
    /// FindView at x = 0 and, with isolation, FixtureCrashInHandler beside it (its button at
    /// 20…180 × 40…84 in the scene, 400 points to the right).
    static func configuration(isolated: Bool) throws -> String {
        try temporaryFile(
            "isolation-\(isolated).yaml",
            """
            isolation:
              mode: \(isolated ? "process" : "none")
            \(SanitizedRun.isolationTimeouts)
            scenes:
              - name: findview
                plugin: FindView
            \(isolated ? "  - name: crashy\n    plugin: FixtureCrashInHandler\n" : "")
            """)
    }

    /// Runs scenectl to its end; the wait holds no thread.
    static func scenectl(_ arguments: [String], host: HostProcess) async throws -> ScenectlProcess.Outcome {
        let process = try ScenectlProcess(arguments, runtimeFolder: host.runtimeFolder)
        let status = await process.exitStatus(timeout: 60)
        return ScenectlProcess.Outcome(status: status, stdout: process.stdout, stderr: process.stderr)
    }

    static func host(isolated: Bool) throws -> HostProcess {
        try HostProcess(arguments: ["--config", try configuration(isolated: isolated)], environment: SnapshotFonts.environment, scenes: .embeddedDefault)
    }

    /// seed 000's touches: blue with a move, then red.
    static let steps: [(member: MemberName, x: Double, y: Double)] = [
        ("TouchDown", 240, 250), ("TouchMove", 250, 250), ("TouchUp", 0, 0), ("TouchDown", 100, 150), ("TouchUp", 0, 0),
    ]

    /// Runs ``steps`` through `client` and returns the TouchDown replies and the signals they
    /// caused without `seq` and touch timestamps (KeyWindowChanged left out: the application's key
    /// window is the board's, and differs with a second scene).
    static func touchFindView(_ client: HostBusClient) async throws -> (replies: [String], signals: [String]) {
        client.clear()
        var replies: [String] = []
        for step in steps {
            let arguments: [BusValue] = step.member == "TouchUp" ? [.uint32(3)] : [.uint32(3)] + doubles(step.x, step.y)
            let reply = try await client.host(step.member, arguments)
            if step.member == "TouchDown" { replies.append(reply.map { "\($0)" }.joined(separator: " ")) }
        }
        try await client.waitForSignals("five touch phases") { $0.filter { $0.member == "Touch" }.count == 5 }
        let signals = client.signals.filter { $0.member != "KeyWindowChanged" }.map { signal -> String in
            var values = signal.arguments.dropFirst().map { "\($0)" }
            if signal.member == "Touch" { values.remove(at: 6) }
            return "\(signal.member)(\(values.joined(separator: ", ")))"
        }
        return (replies, signals)
    }

    /// Gallery alone (windows 1 and 2, its alert key), in a process of its own or in the host.
    static func gallery(isolated: Bool) throws -> HostProcess {
        let config = try temporaryFile(
            "gallery-\(isolated).yaml",
            "isolation:\n  mode: \(isolated ? "process" : "none")\n\(SanitizedRun.isolationTimeouts)\nscenes:\n  - name: gallery\n    plugin: Gallery\n")
        return try HostProcess(arguments: ["--config", config], environment: SnapshotFonts.environment, scenes: .embeddedDefault)
    }

    /// Signals without `seq` and touch timestamps; Input left out (the board's).
    static func normalized(_ signals: [HostSignal]) -> [String] {
        signals.filter { $0.member != "Input" }.map { signal in
            var values = signal.arguments.dropFirst().map { "\($0)" }
            if signal.member == "Touch" { values.remove(at: 6) }
            return "\(signal.member)(\(values.joined(separator: ", ")))"
        }
    }

    /// Runs `drive` on the host `host(false)` makes (every scene in one process), then on the one
    /// `host(true)` makes (scenes in processes of their own): both results, and the isolated host and
    /// its client (the caller closes it) for further checks.
    static func inBothModes<Result>(
        _ host: (Bool) throws -> HostProcess, _ drive: (HostBusClient) async throws -> Result
    ) async throws -> (expected: Result, actual: Result, isolated: HostProcess, client: HostBusClient) {
        let inProcess = try host(false)
        let plain = try await HostBusClient(host: inProcess)
        defer { plain.close() }
        let expected = try await drive(plain)
        let isolated = try host(true)
        let client = try await HostBusClient(host: isolated)
        return (expected, try await drive(client), isolated, client)
    }

    /// Gestures, injected touches, device input, keys and text on Gallery: the replies, signals and
    /// the alert's tree at the end.
    static func driveGallery(_ client: HostBusClient) async throws -> (replies: [String], signals: [String], tree: [BusValue]) {
        client.clear()
        var replies: [String] = []
        func note(_ reply: [BusValue]) { replies.append(reply.map { "\($0)" }.joined(separator: " ")) }
        note(try await client.window(2, "Tap", doubles(150, 52) + [.uint32(1)]))  // the alert's code field
        note(try await client.window(2, "TypeText", [.string("1234")]))
        note(try await client.host("SendKey", [.string("backspace"), .string(""), .string("press")]))
        note(try await client.window(1, "LongPress", doubles(100, 192, 0.6)))  // "Show alert", held
        let samples: [BusValue] = [
            .structure([.uint32(0), .string("down"), .double(60), .double(120), .double(0)]),
            .structure([.uint32(0), .string("move"), .double(80), .double(122), .double(0.05)]),
            .structure([.uint32(0), .string("up"), .double(80), .double(122), .double(0.05)]),
        ]
        note(try await client.host("InjectTouches", [.array(element: "(usddd)", samples)]))  // the main field
        _ = try await client.host("SendInput", [.string("touch gallery 0 down 250 122")])
        _ = try await client.host("SendInput", [.string("touch gallery 0 up 250 122")])
        try await client.waitForSignals("the device touch's end") { signals in
            signals.contains { $0.member == "Touch" && $0.string(3) == "ended" && $0.arguments[4].doubleValue == 250 }
        }
        let tree = try await client.window(2, "DescribeTree")
        return (replies, normalized(client.signals), tree)
    }

    @Test("Gestures, injected touches, the desktop's touches, keys and text reach Gallery in its own process with the same replies, signals and tree as in one process")
    func inputReachesTheProcess() async throws {
        let (expected, actual, _, client) = try await Self.inBothModes(Self.gallery, Self.driveGallery)
        defer { client.close() }
        #expect(actual.replies == expected.replies)
        #expect(expected.replies.first?.contains("code") == true && expected.replies[1].contains("code"), "\(expected.replies)")
        #expect(actual.signals == expected.signals)
        #expect(actual.tree == expected.tree)
        #expect(client.sequenceIsContiguous)
    }

    @Test("A tap that Gallery's process answers leaves the host with the signals of its turn in one write, not a write per message (Host1.BusStatistics)")
    func aTapLeavesTheHostInOneWrite() async throws {
        let host = try Self.gallery(isolated: true)
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        func counts() async throws -> (messages: UInt64, writes: UInt64) {
            let entries = try await client.host("BusStatistics").first?.dictionaryEntries ?? []
            func value(_ key: String) throws -> UInt64 {
                try #require(entries.first { $0.key.stringValue == key }?.value.variantValue?.uint64Value, "\(key) in \(entries)")
            }
            return (try value("api.messages"), try value("api.writes"))
        }
        let photo = doubles(195, 670)  // Gallery's photo, in its main window
        _ = try await client.window(1, "Tap", photo + [.uint32(1)])
        let before = try await counts()
        let taps = 10
        for _ in 0..<taps {
            _ = try await client.window(1, "Tap", photo + [.uint32(1)])
        }
        try await client.waitForSignals("the taps' touches") { $0.filter { $0.member == "Touch" }.count >= 2 * (taps + 1) }
        let after = try await counts()
        let messages = after.messages - before.messages, writes = after.writes - before.writes
        // Each tap: its reply and at least its two Touch signals. How many writes depends on how the
        // scene process's packets reach the board (a release build on a quiet machine: two per tap,
        // one for the press's signal, one for the rest and the reply; more when the board reads a
        // batch of packets in pieces); a write per message would be writes == messages.
        #expect(messages >= UInt64(3 * taps), "messages \(messages), writes \(writes)")
        #expect(writes < messages, "messages \(messages), writes \(writes)")
    }

    /// A call's answer as text: its values, or "name: message" for an error.
    static func answer(_ work: () async throws -> [BusValue]) async -> String {
        do {
            return try await work().map { "\($0)" }.joined(separator: " ")
        } catch let error as BusError {
            return "\(error.name.rawValue): \(error.message)"
        } catch {
            return "\(error)"
        }
    }

    /// Selectors on Gallery: Find, a ready TapMatching, refusals naming why, and a TapMatching that
    /// waits until another call shows the alert. Each answer as text ("name: message" for an error).
    static func selectGallery(_ client: HostBusClient) async throws -> (answers: [String], signals: [String]) {
        client.clear()
        var answers: [String] = []
        func note(_ work: () async throws -> [BusValue]) async { answers.append(await answer(work)) }
        func find(_ selector: String) async { await note { try await client.host("Find", [.string(selector)]) } }
        func tap(_ selector: String, _ timeout: Double) async { await note { try await client.host("TapMatching", [.string(selector), .double(timeout)]) } }
        await find("Button")
        await find("#main TextField")
        await find("[label='Gallery logo']")
        await find("#nothing-here")
        await tap("#ok", 5)  // the alert is shown at start: OK hides it
        await tap("#ok", 0)  // hidden now
        await tap("TextField", 0)
        await tap("#nothing-here", 0)
        // A wait that another call ends: OK becomes ready once "Show alert", held for a second while
        // the wait is sent, is lifted and shows the alert.
        let waiting = Task { try await client.host("TapMatching", [.string("#ok"), .double(SanitizedRun.seconds(30))]) }
        await note { try await client.window(1, "LongPress", doubles(100, 192, 1)) }
        await note { try await waiting.value }
        try await client.waitForSignals("the alert hidden again") { signals in
            signals.filter { $0.member == "Log" && "\($0.arguments)".contains("alert hidden") }.count == 2
        }
        return (answers, normalized(client.signals))
    }

    @Test("Find and TapMatching reach Gallery in its own process: the same matches, taps, refusals and a wait that another call ends as in one process")
    func selectorsReachTheProcess() async throws {
        let (expected, actual, _, client) = try await Self.inBothModes(Self.gallery, Self.selectGallery)
        defer { client.close() }
        #expect(actual.answers == expected.answers)
        let window1 = SceneBusContract.windowPath(1).rawValue, window2 = SceneBusContract.windowPath(2).rawValue
        #expect(expected.answers.first?.contains(window1) == true && expected.answers[0].contains("show-alert") && expected.answers[0].contains("ok"), "\(expected.answers)")
        #expect(expected.answers[4].contains(window2) && expected.answers[4].contains("ok"), "\(expected.answers)")
        #expect(expected.answers[5].contains("not visible"), "\(expected.answers)")
        #expect(expected.answers[6].contains("Ambiguous") && expected.answers[6].contains("field in \(window1)"), "\(expected.answers)")
        #expect(expected.answers[7].contains("NoMatch"), "\(expected.answers)")
        #expect(expected.answers.last?.contains("ok") == true, "the waiting tap ends once the alert shows: \(expected.answers)")
        #expect(actual.signals == expected.signals)
        #expect(client.sequenceIsContiguous)
    }

    /// GestureLab alone, in a process of its own or in the host.
    static func gestureLab(isolated: Bool) throws -> HostProcess {
        let config = try temporaryFile(
            "gesturelab-\(isolated).yaml",
            "isolation:\n  mode: \(isolated ? "process" : "none")\n\(SanitizedRun.isolationTimeouts)\nscenes:\n  - name: gesturelab\n    plugin: GestureLab\n")
        return try HostProcess(arguments: ["--config", config], environment: SnapshotFonts.environment, scenes: .embeddedDefault)
    }

    /// Scrolls of GestureLab's table, its player made first responder, remote-control and shake
    /// events to it, a resign and an unknown view: each answer as text, the signals, and the tree once
    /// the table has come to rest.
    static func commandGestureLab(_ client: HostBusClient) async throws -> (answers: [String], signals: [String], tree: [BusValue]) {
        client.clear()
        var answers: [String] = []
        func note(_ work: () async throws -> [BusValue]) async { answers.append(await answer(work)) }
        await note { try await client.window(1, "Scroll", doubles(200, 150, 0, 120) + [.string("discrete")]) }
        await note { try await client.window(1, "Scroll", doubles(200, 150, 0, 60) + [.string("continuous")]) }
        await note { try await client.window(1, "MakeFirstResponder", [.string("player")]) }
        await note { [try await client.property(SceneBusContract.windowPath(1), SceneBusContract.windowInterface, "FirstResponder")] }
        await note { [try await client.property(SceneBusContract.rootPath, SceneBusContract.hostInterface, "FirstResponder")] }
        await note { try await client.host("SendRemoteControl", [.string("play")]) }
        await note { try await client.host("SendMotion", [.string("shake"), .string("began")]) }
        await note { try await client.host("SendMotion", [.string("shake"), .string("ended")]) }
        await note { try await client.host("SendMotion", [.string("shake"), .string("sideways")]) }
        await note { try await client.window(1, "MakeFirstResponder", [.string("")]) }
        await note { try await client.host("SendRemoteControl", [.string("play")]) }
        await note { try await client.window(1, "MakeFirstResponder", [.string("no-such-view")]) }
        // W3C actions: a finger on the player (an element origin the scene resolves), held 0.1 s, a
        // wheel step on the table, then a key; an unknown element and a bad body are refused by name.
        let element = "\"origin\": {\"element-6066-11e4-a52e-4f735466cecf\": \"player\"}"
        let finger = """
            {"type": "pointer", "id": "f", "parameters": {"pointerType": "touch"}, "actions": [
              {"type": "pointerMove", "duration": 0, "x": 0, "y": 0, \(element)}, {"type": "pointerDown", "button": 0},
              {"type": "pause", "duration": 100}, {"type": "pointerUp", "button": 0}]}
            """
        let wheel = """
            {"type": "wheel", "id": "w", "actions": [{"type": "pause"}, {"type": "pause"}, {"type": "pause"}, {"type": "pause"},
              {"type": "scroll", "x": 200, "y": 150, "deltaX": 0, "deltaY": 80}]}
            """
        await note { try await client.window(1, "PerformActions", [.string("{\"actions\": [\(finger), \(wheel)]}")]) }
        await note { try await client.window(1, "PerformActions", [.string(#"{"actions": [{"type": "key", "id": "k", "actions": [{"type": "keyDown", "value": "a"}, {"type": "keyUp", "value": "a"}]}]}"#)]) }
        await note { try await client.window(1, "PerformActions", [.string(finger.replacingOccurrences(of: "player", with: "no-such-view").replacingOccurrences(of: "{\"type\": \"pointer\"", with: "{\"actions\": [{\"type\": \"pointer\"") + "]}")]) }
        await note { try await client.window(1, "PerformActions", [.string(#"{"actions": [{"type": "pointer", "id": "f", "actions": [{"type": "hover"}]}]}"#)]) }
        _ = try await client.host("WaitForIdle", [.double(SanitizedRun.seconds(30))])
        let tree = try await client.window(1, "DescribeTree")
        return (answers, normalized(client.signals), tree)
    }

    @Test("Scroll, MakeFirstResponder, SendMotion, SendRemoteControl and PerformActions reach GestureLab in its own process with the same answers, signals and tree as in one process")
    func commandsReachTheProcess() async throws {
        let (expected, actual, _, client) = try await Self.inBothModes(Self.gestureLab, Self.commandGestureLab)
        defer { client.close() }
        #expect(actual.answers == expected.answers)
        #expect(expected.answers[0].contains("table") && expected.answers[2] == "bool(true)", "\(expected.answers)")
        #expect(expected.answers[3] == "string(\"player\")" && expected.answers[4] == "string(\"player\")", "FirstResponder: \(expected.answers)")
        #expect(expected.answers[5].contains("player") && expected.answers[6].contains("player"), "\(expected.answers)")
        #expect(expected.answers[11].contains("UnknownView"), "\(expected.answers)")
        #expect(expected.answers[12].contains("player"), "the actions' finger hit the player: \(expected.answers)")
        #expect(expected.answers[14].contains("UnknownView") && expected.answers[15].contains("InvalidArgs"), "\(expected.answers)")
        #expect(expected.signals.contains { $0.contains("remote: play") } && expected.signals.contains { $0.contains("shake ended") }, "\(expected.signals)")
        #expect(actual.signals == expected.signals)
        #expect(actual.tree == expected.tree, "the table rests at the same offset")
        #expect(client.sequenceIsContiguous)
    }

    /// FindView and GestureLab beside it (x = 400) on the virtual clock, in processes of their own or
    /// in the host.
    static func virtualClockHost(isolated: Bool) throws -> HostProcess {
        let config = try temporaryFile(
            "virtual-\(isolated).yaml",
            """
            clock: virtual
            isolation:
              mode: \(isolated ? "process" : "none")
            \(SanitizedRun.isolationTimeouts)
            scenes:
              - name: findview
                plugin: FindView
              - name: gesturelab
                plugin: GestureLab
            """)
        return try HostProcess(arguments: ["--config", config], environment: SnapshotFonts.environment, scenes: .embeddedDefault)
    }

    /// A long press on GestureLab's player drives the clock by its own delays; a touch on FindView
    /// after it, AdvanceClock and Now: the answers and every signal with its timestamp.
    static func driveVirtualClock(_ client: HostBusClient) async throws -> (answers: [String], signals: [String]) {
        client.clear()
        var answers: [String] = []
        func note(_ work: () async throws -> [BusValue]) async { answers.append(await answer(work)) }
        await note { try await client.host("Now") }
        await note { try await client.host("TouchDown", [.uint32(0)] + doubles(400 + 280, 440)) }
        await note { try await client.host("AdvanceClock", [.double(0.2)]) }
        await note { try await client.host("WaitForIdle", [.double(0)]) }  // what is pending, with its time left
        await note { try await client.host("AdvanceClock", [.double(0.5)]) }
        await note { try await client.host("TouchUp", [.uint32(0)]) }
        await note { try await client.host("Now") }
        await note { try await client.host("InjectTouches", [.array(element: "(usddd)", [
            .structure([.uint32(0), .string("down"), .double(400 + 100), .double(120), .double(0)]),
            .structure([.uint32(0), .string("up"), .double(400 + 100), .double(120), .double(0.25)]),
        ])]) }
        await note { try await client.host("Now") }
        await note { try await client.host("TouchDown", [.uint32(1)] + doubles(240, 250)) }
        await note { try await client.host("TouchUp", [.uint32(1)]) }
        await note { try await client.host("AdvanceClock", [.double(2)]) }
        await note { try await client.host("Now") }
        await note { try await client.host("AdvanceClock", [.double(-1)]) }
        // A finger held on a row: the table's content-touch delay is pending, with its time left.
        await note { try await client.host("TouchDown", [.uint32(5)] + doubles(400 + 100, 120)) }
        await note { try await client.host("AdvanceClock", [.double(0.05)]) }
        await note { try await client.host("WaitForIdle", [.double(0)]) }
        await note { try await client.host("TouchCancel", [.uint32(5)]) }
        // What the cancel makes may be published after its reply: the touch's own end comes last.
        try await client.waitForSignals("the held finger's cancel") { signals in
            signals.contains { $0.member == "Touch" && $0.string(3) == "cancelled" }
        }
        // Answers carry seq numbers, which differ with the scenes' start-up signals: leave them out.
        answers = answers.map { $0.hasPrefix("uint64(") ? "seq" : $0 }
        let signals = client.signals.filter { $0.member != "Input" }.map { signal in
            "\(signal.member)(\(signal.arguments.dropFirst().map { "\($0)" }.joined(separator: ", ")))"
        }
        return (answers, signals)
    }

    @Test("On the virtual clock every scene process keeps the board's time: input that drives one scene's clock moves the others', AdvanceClock moves them all, with the same answers and timestamped signals as in one process")
    func virtualClockInLockstep() async throws {
        let (expected, actual, _, client) = try await Self.inBothModes(Self.virtualClockHost, Self.driveVirtualClock)
        defer { client.close() }
        #expect(expected.answers[6] == "double(0.7)" && expected.answers[8] == "double(0.95)" && expected.answers[12] == "double(2.95)", "\(expected.answers)")
        #expect(expected.answers[3].contains("touch (window /org/scenehost/SceneHost/window/2, scene gesturelab, view player)"), "\(expected.answers)")
        #expect(expected.answers[16].contains("s left"), "a pending recognizer with its time left: \(expected.answers)")
        #expect(expected.signals.contains { $0.contains("window/1") && $0.contains("double(0.95)") }, "FindView's touch at the time GestureLab's input drove: \(expected.signals)")
        #expect(actual.answers == expected.answers)
        // The application's key window moving to FindView is the board's signal, published as it
        // routes the touch, before FindView's process hit-tests it: the same signals, that one apart.
        let isKey: (String) -> Bool = { $0.hasPrefix("KeyWindowChanged") }
        #expect(actual.signals.filter { !isKey($0) } == expected.signals.filter { !isKey($0) })
        #expect(actual.signals.filter(isKey) == expected.signals.filter(isKey) && expected.signals.contains(where: isKey), "\(expected.signals)")
        #expect(client.sequenceIsContiguous)
    }

    /// Gallery sent to the background, searched for what is visible, brought back, and its button
    /// tapped: each answer as text, and the signals.
    static func backgroundGallery(_ client: HostBusClient) async throws -> (answers: [String], signals: [String]) {
        client.clear()
        var answers: [String] = []
        func note(_ work: () async throws -> [BusValue]) async { answers.append(await answer(work)) }
        await note { try await client.scene("gallery", "SendToBackground") }
        await note { try await client.host("Find", [.string("#show-alert:visible")]) }
        await note { try await client.host("TapMatching", [.string("#show-alert"), .double(0)]) }
        await note { try await client.scene("gallery", "Activate") }
        await note { try await client.host("Find", [.string("#show-alert:visible")]) }
        await note { try await client.scene("gallery", "Deactivate") }
        await note { try await client.host("TapMatching", [.string("#show-alert"), .double(5)]) }
        try await client.waitForSignals("the alert shown") { signals in signals.contains { $0.member == "Log" && "\($0.arguments)".contains("alert shown") } }
        return (answers, normalized(client.signals))
    }

    @Test("A scene in its own process follows its stand-in's activation: in the background nothing of it is visible, brought back it is, and a tap activates it, with the same answers and signals, activation and key-window changes in the same order, as in one process; its log lines are in the host's log")
    func activationReachesTheProcess() async throws {
        let (expected, actual, isolated, client) = try await Self.inBothModes(Self.gallery, Self.backgroundGallery)
        defer { client.close() }
        #expect(actual.answers == expected.answers)
        #expect(expected.answers[1] == "array(element: (os), [])" && expected.answers[4].contains("show-alert"), "\(expected.answers)")
        #expect(expected.signals.contains { $0.contains("SceneActivationChanged") && $0.contains("background") }, "\(expected.signals)")
        #expect(expected.signals.contains { $0.hasPrefix("KeyWindowChanged") }, "\(expected.signals)")
        #expect(actual.signals == expected.signals)
        #expect(client.sequenceIsContiguous)
        #expect(isolated.messages(tagged: "gallery").contains("alert shown"), "the scene's log line in the host's log: \(isolated.log.suffix(20))")
    }

    /// FindView (window 1) and Gallery (windows 2 and 3, its alert key), in processes of their own
    /// or in the host.
    static func findViewAndGallery(isolated: Bool) throws -> HostProcess {
        let config = try temporaryFile(
            "findview-gallery-\(isolated).yaml",
            "isolation:\n  mode: \(isolated ? "process" : "none")\n\(SanitizedRun.isolationTimeouts)\nscenes:\n  - name: findview\n    plugin: FindView\n  - name: gallery\n    plugin: Gallery\n")
        return try HostProcess(arguments: ["--config", config], scenes: .embeddedDefault)
    }

    /// A key pressed while Gallery's alert is key and released after FindView's window was made
    /// key, then another key pressed and released: the Press signals and the replies.
    static func keyAcrossKeyWindows(_ client: HostBusClient) async throws -> (answers: [String], signals: [String]) {
        client.clear()
        var answers: [String] = []
        func note(_ work: () async throws -> [BusValue]) async { answers.append(await answer(work)) }
        await note { try await client.host("SendKey", [.string("a"), .string(""), .string("began")]) }
        await note { try await client.window(1, "MakeKey") }
        await note { try await client.host("SendKey", [.string("a"), .string(""), .string("ended")]) }
        await note { try await client.host("SendKey", [.string("b"), .string(""), .string("press")]) }
        try await client.waitForSignals("four presses") { $0.filter { $0.member == "Press" }.count == 4 }
        return (answers, normalized(client.signals.filter { $0.member == "Press" }))
    }

    @Test("A key's release goes where its press began, whichever window is key by then, in its own process as in one: a key pressed in Gallery and released after MakeKey on FindView ends in Gallery's window, the next key goes to FindView")
    func keyEndsWhereItBegan() async throws {
        let (expected, actual, _, client) = try await Self.inBothModes(Self.findViewAndGallery, Self.keyAcrossKeyWindows)
        defer { client.close() }
        #expect(expected.signals.count == 4 && expected.signals[0].contains("window/3") && expected.signals[1].contains("window/3"), "\(expected.signals)")
        #expect(expected.signals[2].contains("window/1") && expected.signals[3].contains("window/1"), "\(expected.signals)")
        #expect(actual.answers == expected.answers)
        #expect(actual.signals == expected.signals)
    }

    /// Settings alone, in a process of its own or in the host.
    static func settings(isolated: Bool) throws -> HostProcess {
        let config = try temporaryFile(
            "settings-\(isolated).yaml",
            "isolation:\n  mode: \(isolated ? "process" : "none")\n\(SanitizedRun.isolationTimeouts)\nscenes:\n  - name: settings\n    plugin: Settings\n")
        return try HostProcess(arguments: ["--config", config], environment: SnapshotFonts.environment, scenes: .embeddedDefault)
    }

    /// Settings resized to 600 × 700 and refused a size too large: the answers, the signals, the
    /// window's frame and tree, and the snapshot's size.
    static func resizeSettings(_ client: HostBusClient) async throws -> (answers: [String], signals: [String]) {
        client.clear()
        var answers: [String] = []
        func note(_ work: () async throws -> [BusValue]) async { answers.append(await answer(work)) }
        await note { try await client.scene("settings", "Resize", doubles(600, 700)) }
        await note { try await client.scene("settings", "Resize", doubles(100_000, 700)) }
        _ = try await client.host("WaitForIdle", [.double(SanitizedRun.seconds(30))])
        await note { [try await client.property(SceneBusContract.windowPath(1), SceneBusContract.windowInterface, "Frame")] }
        await note { try await client.window(1, "DescribeTree") }
        let picture = try await client.sceneSnapshot("settings")
        answers.append("\(picture.width)×\(picture.height)")
        return (answers, normalized(client.signals))
    }

    @Test("Resize reaches Settings in its own process: it takes the new size and lays its rows out to it, a size too large is refused by name, with the same answers, signals, tree and picture size as in one process")
    func resizeReachesTheProcess() async throws {
        let (expected, actual, _, client) = try await Self.inBothModes(Self.settings, Self.resizeSettings)
        defer { client.close() }
        #expect(actual.answers == expected.answers)
        #expect(expected.answers.last == "600×700" && expected.answers[1].contains("larger than a scene can be"), "\(expected.answers)")
        #expect(expected.signals.contains { $0.hasPrefix("SceneGeometryChanged") }, "\(expected.signals)")
        #expect(actual.signals == expected.signals)
        #expect(client.sequenceIsContiguous)
    }

    @Test("--isolation process runs the demo scenes each in a process of its own; a bad mode is refused by name")
    func commandLine() async throws {
        let names = ["findview", "gesturelab", "gallery", "settings"]
        let plugins = ["FindView", "GestureLab", "Gallery", "Settings"]
        let scenes = zip(names, plugins).map { "  - name: \($0)\n    plugin: \($1)\n" }.joined()
        let config = try temporaryFile("isolation-demo.yaml", "isolation:\n  mode: none\n\(SanitizedRun.isolationTimeouts)\nscenes:\n\(scenes)")
        let host = try HostProcess(arguments: ["--config", config, "--isolation", "process"], scenes: .embeddedDefault)
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        let paths = try await client.property(SceneBusContract.rootPath, SceneBusContract.hostInterface, "Scenes").arrayElements?.compactMap(\.objectPathValue) ?? []
        #expect(paths.map(\.rawValue) == names.map { SceneBusContract.scenePath($0).rawValue }, "the command line overrides isolation.mode: none")
        var processIDs: Set<UInt32> = []
        for scene in paths {
            let process = try await client.property(scene, SceneBusContract.sceneInterface, "Process").structFields ?? []
            #expect(process.first?.stringValue == "running", "\(scene): \(process)")
            if let id = process.dropFirst().first?.uint32Value { processIDs.insert(id) }
        }
        #expect(processIDs.count == 4 && !processIDs.contains(0), "four processes: \(processIDs)")
        let refused = try HostProcess(arguments: ["--isolation", "threads"], scenes: .embeddedDefault)
        #expect(await refused.exitStatus() == 64)
        #expect(refused.log.contains { $0.contains("--isolation 'threads' is not an isolation mode: use none or process") }, "\(refused.log)")
    }

    @Test("A touch on FindView in its own process says what it hit and gives the same signals, tree and picture as in one process, with one gapless seq")
    func sameAsInOneProcess() async throws {
        let inProcess = try Self.host(isolated: false)
        let plain = try await HostBusClient(host: inProcess)
        defer { plain.close() }
        let expected = try await Self.touchFindView(plain)
        let expectedTree = try await plain.window(1, "DescribeTree")
        let expectedPicture = try await plain.sceneSnapshot("findview")

        let isolatedHost = try Self.host(isolated: true)
        let client = try await HostBusClient(host: isolatedHost)
        defer { client.close() }
        #expect(isolatedHost.log.contains { $0.contains("scene process started") && $0.contains("[findview]") }, "\(isolatedHost.log)")
        if SceneSandbox.landlockABI > 0 {
            // What the scene process writes to its standard error is the host's log line, under its name.
            #expect(
                await isolatedHost.line(containing: "info [findview] sandboxed (Landlock ABI"),
                "its sandbox report, in the host's log format: \(isolatedHost.log)")
        }
        let scenes = try await client.property(SceneBusContract.rootPath, SceneBusContract.hostInterface, "Scenes")
        #expect("\(scenes)".contains("findview") && "\(scenes)".contains("crashy"), "\(scenes)")
        let keyWindow = try await client.property(SceneBusContract.scenePath("findview"), SceneBusContract.sceneInterface, "KeyWindow")
        #expect(keyWindow.objectPathValue == SceneBusContract.windowPath(1), "the scene's key window, as its process has it")
        let process = try await client.property(SceneBusContract.scenePath("findview"), SceneBusContract.sceneInterface, "Process").structFields ?? []
        #expect(process.first?.stringValue == "running" && (process.dropFirst().first?.uint32Value ?? 0) > 0, "\(process)")
        let inHost = try await plain.property(SceneBusContract.scenePath("findview"), SceneBusContract.sceneInterface, "Process").structFields ?? []
        #expect(inHost.compactMap(\.stringValue) == ["in-host", ""])
        let actual = try await Self.touchFindView(client)
        #expect(actual.replies == expected.replies)
        #expect(actual.replies.first?.contains("/org/scenehost/SceneHost/window/1") == true, "\(actual.replies)")
        #expect(actual.signals == expected.signals)
        #expect(client.sequenceIsContiguous, "\(client.signals.map(\.seq))")
        #expect(try await client.window(1, "DescribeTree") == expectedTree, "the scene process describes its window under the window's path")
        let picture = try await client.sceneSnapshot("findview")
        let differing = Self.differingPixels(picture, expectedPicture)
        #expect(differing == 0, "\(differing) pixels of the isolated scene's snapshot differ from the scene drawn in the host (-1: the sizes)")
        // Queries the scene process answers: its hit test, and where a view is for TapView.
        #expect(try await client.window(1, "HitTest", doubles(240, 250)) == [.string("blue")])
        #expect(try await client.window(1, "HitTest", doubles(-5, -5)) == [.string("")])
        #expect(try await client.window(1, "TapView", [.string("red")]) == [.string("red")])
        #expect(
            await client.errorName { _ = try await client.window(1, "TapView", [.string("purple")]) } == SceneBusContract.ErrorNames.unknownView.rawValue)
        // WaitForIdle sees what the scene process still has to do: a finger down on blue.
        _ = try await client.host("TouchDown", [.uint32(9)] + doubles(240, 250))
        do {
            _ = try await client.host("WaitForIdle", [.double(0.3)])
            Issue.record("WaitForIdle answered while a finger is down in the scene process")
        } catch let error as BusError {
            #expect(error.name == SceneBusContract.ErrorNames.timeout, "\(error)")
            #expect(
                error.message.contains("touch (window /org/scenehost/SceneHost/window/1, scene findview, view blue): touch"),
                "worded as for a scene in the host: \(error.message)")
        }
        _ = try await client.host("TouchUp", [.uint32(9)])
        #expect(try await client.host("WaitForIdle", [.double(30)]).first?.uint64Value != nil, "idle once the finger is up")
        #expect(await client.errorName { _ = try await client.scene("findview", "Reload") } == nil)
        try await client.waitForSignals("findview back after Reload") { signals in
            signals.contains { $0.member == "SceneStarted" && $0.string(1) == SceneBusContract.scenePath("findview").rawValue }
        }
        #expect(
            await plain.errorName { _ = try await plain.scene("findview", "Reload") } == SceneBusContract.ErrorNames.invalidState.rawValue,
            "a scene loaded into the host cannot be reloaded")
        let refused = try await Self.scenectl(["reload", "findview"], host: inProcess)
        #expect(refused.status != 0 && refused.stderr.contains("runs inside the host (isolation: none)"), "\(refused)")
    }

    @Test("Device records sent faster than a scene process answers reach it all, in order: a finger's 300 moves sent with SendInput while it is busy give 300 moved touches, then the end")
    func deviceRecordsQueuedBehindABusyProcessArriveInOrder() async throws {
        let host = try Self.host(isolated: true)
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        client.clear()
        _ = try await client.host("SendInput", [.string("touch findview 0 down 240 250")])
        // Each SendInput answers once the board queued the record: the moves pile up behind the
        // scene process's answers and go to it in batches.
        for step in 1...300 { _ = try await client.host("SendInput", [.string("touch findview 0 move \(240 + Double(step) / 10) 250")]) }
        _ = try await client.host("SendInput", [.string("touch findview 0 up 270 250")])
        try await client.waitForSignals("the finger's end") { signals in
            signals.contains { $0.member == "Touch" && $0.string(3) == "ended" }
        }
        let touches = client.signals(named: "Touch")
        #expect(touches.map { $0.string(3) } == ["began"] + Array(repeating: "moved", count: 300) + ["ended"])
        let xs = touches.dropFirst().dropLast().compactMap { $0.arguments[4].doubleValue }
        #expect(xs == (1...300).map { 240 + Double($0) / 10 }, "every move, in order")
        #expect(client.sequenceIsContiguous)
    }

    /// The pixels of `actual` that differ from `expected`'s (-1 when the sizes differ).
    static func differingPixels(_ actual: PixelImage, _ expected: PixelImage) -> Int {
        guard actual.width == expected.width, actual.height == expected.height else { return -1 }
        var differing = 0
        for y in 0..<actual.height {
            for x in 0..<actual.width where actual.pixel(x: x, y: y) != expected.pixel(x: x, y: y) { differing += 1 }
        }
        return differing
    }

    @Test("Snapshots at scales other than 1 of a scene in its own process are its views drawn at that scale by its process, pixel for pixel as in one process: Window1, Scene1 and Host1.Snapshot at 2 and 0.5")
    func snapshotsAtOtherScales() async throws {
        func pictures(_ client: HostBusClient) async throws -> (pictures: [PixelImage], errors: [String]) {
            var pictures: [PixelImage] = []
            for scale in [2.0, 0.5] {
                pictures.append(try await client.windowSnapshot(1, scale: scale))
                pictures.append(try await client.sceneSnapshot("gallery", scale: scale))
                pictures.append(try await client.snapshot(SceneBusContract.rootPath, SceneBusContract.hostInterface, scale: scale))
            }
            var errors: [String] = []
            for scale in [-1.0, 0, 1000] {
                let error = await busFailure { _ = try await client.windowSnapshot(1, scale: scale) }
                errors.append("\(error?.name.rawValue ?? "no error"): \(error?.message ?? "")")
            }
            return (pictures, errors)
        }
        let (expectedRun, actualRun, isolated, client) = try await Self.inBothModes(Self.gallery, pictures)
        defer { client.close() }
        #expect(actualRun.errors == expectedRun.errors, "a bad scale is refused alike")
        #expect(expectedRun.errors.allSatisfy { $0.hasPrefix(SceneBusContract.ErrorNames.invalidValue.rawValue) }, "\(expectedRun.errors)")
        let (expected, actual) = (expectedRun.pictures, actualRun.pictures)
        let names = ["window at 2", "scene at 2", "screen at 2", "window at 0.5", "scene at 0.5", "screen at 0.5"]
        for (name, (picture, reference)) in zip(names, zip(actual, expected)) {
            #expect(Self.differingPixels(picture, reference) == 0, "\(name): \(Self.differingPixels(picture, reference)) pixels differ (-1: the sizes)")
        }
        #expect(actual[0].width == 780, "the window's 390 points at 2 pixels each")
        // At 1 the board's own picture of the frame is the snapshot, as before.
        let one = try await client.windowSnapshot(1)
        #expect(one.width == 390)
        withExtendedLifetime(isolated) {}
    }

    @Test("A client that leaves the bus with a finger down on a scene in its own process has it cancelled there, as the host cancels its fingers on its own scenes")
    func departedClientsFingersAreCancelled() async throws {
        let host = try Self.host(isolated: true)
        let watcher = try await HostBusClient(host: host)
        defer { watcher.close() }
        let leaver = try await HostBusClient(host: host, subscribe: false)
        let down = try await leaver.host("TouchDown", [.uint32(0)] + doubles(240, 250))
        #expect(down.count == 3 && down[2] == .string("blue"), "\(down)")
        leaver.close()
        try await watcher.waitForSignals("the finger left down cancelled") { signals in
            signals.contains { $0.member == "Touch" && $0.string(3) == "cancelled" && $0.arguments[2] == down[0] }
        }
        #expect(await host.line(containing: "BlueView.touchesCancelled"), "the scene's view heard the cancel")
        // The slot is free for the next client.
        _ = try await watcher.host("TouchDown", [.uint32(0)] + doubles(240, 250))
        _ = try await watcher.host("TouchUp", [.uint32(0)])
    }

    @Test("A client's simultaneous-touches limit counts its fingers on scenes in processes of their own: the eleventh is LimitsExceeded naming the limit, as in one process, and the slot is free once the others lift")
    func fingersOnSceneProcessesCountTowardsTheLimit() async throws {
        let host = try Self.host(isolated: true)
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        for slot in UInt32(0)..<10 {
            let down = try await client.host("TouchDown", [.uint32(slot)] + doubles(30 + Double(slot) * 30, 600))
            #expect(down.count == 3, "finger \(slot): \(down)")
        }
        let eleventh = await busFailure { _ = try await client.host("TouchDown", [.uint32(10)] + doubles(30, 700)) }
        #expect(eleventh?.name == SceneBusContract.ErrorNames.limitsExceeded, "\(String(describing: eleventh))")
        #expect(
            eleventh?.message.contains("slot 10 would be touch number 11; the limit is 10 simultaneous touches") == true,
            "\(String(describing: eleventh))")
        for slot in UInt32(0)..<10 { _ = try await client.host("TouchUp", [.uint32(slot)]) }
        _ = try await client.host("TouchDown", [.uint32(10)] + doubles(30, 700))
        _ = try await client.host("TouchUp", [.uint32(10)])
    }

    /// How FixtureCrashInHandler's process ends on its button's Swift trap, in `SceneCrashed`: the
    /// signal, the runtime's line naming the plugin's file and line, and the plugin's function on the
    /// crashed stack — up to its offset in the plugin's file, which the build decides.
    /// (No frame under ThreadSanitizer: ``SanitizedRun/crashesNameNoFrame``.)
    static let trapReason =
        "killed by signal 4 (SIGILL); FixtureCrashInHandler/CrashInHandlerDelegate.swift:46: Fatal error: FixtureCrashInHandler: deliberately crashing in the button's action handler"
        + (SanitizedRun.crashesNameNoFrame ? "" : "; in FixtureCrashInHandler.crashDeliberately() -> Swift.Never (libFixtureCrashInHandler.so+0x")

    @Test("A crash in a button's action ends only its scene: SceneCrashed names it, its input fails with SceneCrashed, FindView goes on, it restarts; a second crash quarantines it behind a placeholder until Reload")
    func crashTakesOnlyItsScene() async throws {
        let host = try Self.host(isolated: true)
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        let crashy = SceneBusContract.scenePath("crashy").rawValue
        let button = doubles(400 + 100, 62)

        for round in 1...2 {
            client.clear()
            let down = try await client.host("TouchDown", [.uint32(0)] + button)
            #expect(down.count == 3 && "\(down[2])".contains("crash"), "round \(round): \(down)")
            #expect(
                await client.errorName { _ = try await client.host("TouchUp", [.uint32(0)]) } == SceneBusContract.ErrorNames.sceneCrashed.rawValue,
                "round \(round): the lift that crashed the scene fails")
            try await client.waitForSignals("SceneCrashed") { $0.contains { $0.member == "SceneCrashed" } }
            let crashed = try #require(client.signals(named: "SceneCrashed").first)
            #expect(crashed.string(1) == crashy)
            #expect(crashed.string(2) == "FixtureCrashInHandler")
            #expect(crashed.string(3).hasPrefix(Self.trapReason), "a Swift trap, where the runtime said it stopped, and in which function: \(crashed)")
            #expect(crashed.string(4) == (round == 1 ? "restarting" : "quarantined"))
            // FindView goes on meanwhile.
            let other = try await client.host("TouchDown", [.uint32(1)] + doubles(240, 250))
            #expect("\(other[1])".contains("/window/1"), "\(other)")
            _ = try await client.host("TouchUp", [.uint32(1)])
            if round == 1 {
                try await client.waitForSignals("crashy restarted") { signals in
                    signals.contains { $0.member == "SceneStarted" && $0.string(1) == crashy }
                }
            }
        }
        #expect(
            await client.errorName { _ = try await client.host("TouchDown", [.uint32(0)] + button) } == SceneBusContract.ErrorNames.sceneCrashed.rawValue,
            "a quarantined scene refuses input")
        #expect(client.sequenceIsContiguous)
        let process = try await client.property(SceneBusContract.scenePath("crashy"), SceneBusContract.sceneInterface, "Process").structFields ?? []
        #expect(process.prefix(2) == [.string("quarantined"), .uint32(0)] && process.last?.stringValue?.hasPrefix(Self.trapReason) == true, "\(process)")
        // A search says which scene it could not search, and still finds FindView's views.
        do {
            _ = try await client.host("TapMatching", [.string("#nothing-here"), .double(0)])
            Issue.record("TapMatching of nothing answered")
        } catch let error as BusError {
            #expect(error.name == SceneBusContract.ErrorNames.noMatch, "\(error)")
            #expect(
                error.message.contains("scene 'crashy' was not searched: its process ended (killed by signal 4 (SIGILL)) and is quarantined"),
                "\(error.message)")
        }
        #expect(try await client.host("Find", [.string("#blue")]) == [.array(element: "(os)", [.structure([.objectPath(SceneBusContract.windowPath(1)), .string("blue")])])])
        _ = try await client.host("WaitForIdle", [.double(30)])
        let placeholder = try await client.sceneSnapshot("crashy")
        #expect(placeholder.color(at: Point(x: 10, y: 400)).isClose(to: Color(red255: 60, 60, 67)), "the crashed scene shows its placeholder")

        let status = try await Self.scenectl(["status"], host: host)
        #expect(status.status == 0 && status.stdout.contains("plugin FixtureCrashInHandler, key window 2, frame (400, 0, 390, 844), process quarantined (last: \(Self.trapReason)"), "\(status)")
        #expect(status.stdout.contains(", process running (pid "), "findview's process: \(status)")
        client.clear()
        let reload = try await Self.scenectl(["reload", "crashy"], host: host)
        #expect(reload.status == 0 && reload.stdout == "scene crashy: reloading\n", "\(reload)")
        try await client.waitForSignals("crashy reloaded") { signals in signals.contains { $0.member == "SceneStarted" && $0.string(1) == crashy } }
        let again = try await client.host("TouchDown", [.uint32(0)] + button)
        #expect("\(again[2])".contains("crash"), "the reloaded scene answers: \(again)")
        _ = try await client.host("TouchCancel", [.uint32(0)])
        #expect(host.log.contains { $0.contains("scene process crashed") && $0.contains("[crashy]") }, "\(host.log)")
    }
}
