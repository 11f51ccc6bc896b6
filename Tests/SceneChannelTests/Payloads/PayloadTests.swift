import SceneChannel
import SceneErrors
import TestSupport
import Testing

/// The bodies both sides exchange: each decodes to itself, and bad bytes are refused by name.
@Suite("Channel payloads")
struct PayloadTests {
    @Test("Signal events of every argument type decode to themselves", arguments: [21 as UInt64, 22])
    func signalsRoundTrip(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for _ in 0..<300 {
            let values = (0..<random.below(10)).map { _ -> SceneSignal.Value in
                switch random.below(6) {
                case 0: .u64(random.next())
                case 1: .u32(UInt32(truncatingIfNeeded: random.next()))
                case 2: .double(random.unit() * 1000 - 500)
                case 3: .string(random.text())
                case 4: .window(Int32(random.below(5)) - 1)
                default: .scene(random.text())
                }
            }
            let signal = SceneSignal(member: ["Touch", "Log", "ActionSent"][random.below(3)], values: values)
            #expect(try SceneSignal(body: signal.body) == signal, "seed \(seed)")
        }
    }

    @Test("A signal event with an unknown argument type, too many arguments or trailing bytes is refused")
    func signalsRefused() throws {
        var body = SceneSignal(member: "Touch", values: [.u64(1)]).body
        body[body.count - 9] = 9
        #expect { try SceneSignal(body: body) } throws: { ($0 as? ChannelError)?.message.contains("type 9") == true }
        var many = WireWriter()
        many.string("Touch")
        many.u8(200)
        #expect { try SceneSignal(body: many.bytes) } throws: { ($0 as? ChannelError)?.message.contains("200 arguments") == true }
        #expect(throws: ChannelError.self) { try SceneSignal(body: SceneSignal(member: "Log", values: []).body + [0]) }
    }

    @Test("Touch records and outcomes decode to themselves; an unknown phase and a non-finite point are refused")
    func touches() throws {
        let record = SceneTouchRecord(slot: 9, phase: .move, x: 12.5, y: -3)
        #expect(try SceneTouchRecord(body: record.body) == record)
        let outcome = SceneTouchOutcome(touch: 4, window: 1, view: "blue", errorCode: "", errorMessage: "")
        #expect(try SceneTouchOutcome(body: outcome.body) == outcome)
        var body = record.body
        body[4] = 7
        #expect { try SceneTouchRecord(body: body) } throws: { ($0 as? ChannelError)?.message.contains("phase 7") == true }
        let infinite = SceneTouchRecord(slot: 1, phase: .down, x: .infinity, y: 0).body
        #expect { try SceneTouchRecord(body: infinite) } throws: { ($0 as? ChannelError)?.message.contains("finite") == true }
    }

    @Test("Window lists decode to themselves", arguments: [31 as UInt64, 32])
    func windowListsRoundTrip(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for _ in 0..<200 {
            let windows = (0..<random.below(6)).map { _ in
                SceneWindowList.Entry(
                    x: random.unit() * 800 - 400, y: random.unit() * 800, width: random.unit() * 1000, height: random.unit() * 1000,
                    level: [0, 1000, 2000][random.below(3)], isHidden: random.below(2) == 0, isKey: random.below(2) == 0, title: random.text(),
                    firstResponder: random.text(),
                    textInput: random.below(2) == 0
                        ? nil : .init(x: random.unit() * 390, y: random.unit() * 844, width: random.unit() * 300, height: random.unit() * 44))
            }
            let list = SceneWindowList(
                plugin: random.text(), receivesRemoteControl: random.below(2) == 0, listensForHover: random.below(2) == 0, windows: windows)
            #expect(try SceneWindowList(body: list.body) == list, "seed \(seed)")
        }
    }

    @Test("A window list with unknown window or scene flags, a non-finite or negative frame or text input area, too many windows or trailing bytes is refused by name")
    func windowListsRefused() throws {
        let entry = SceneWindowList.Entry(x: 0, y: 0, width: 390, height: 844, level: 0, isHidden: false, title: "Main")
        var flag = SceneWindowList(plugin: "FindView", windows: [entry]).body
        let flagOffset = flag.count - 4 - 4 - "Main".utf8.count - 1  // before the title and the (empty) first responder
        flag[flagOffset] = 8
        #expect { try SceneWindowList(body: flag) } throws: { ($0 as? ChannelError)?.message.contains("window 0's flags are 8") == true }
        var nowhere = entry
        nowhere.textInput = .init(x: .nan, y: 0, width: 10, height: 10)
        #expect { try SceneWindowList(body: SceneWindowList(plugin: "P", windows: [nowhere]).body) } throws: {
            ($0 as? ChannelError)?.message.contains("window 0's text input x is nan") == true
        }
        var negative = entry
        negative.width = -1
        #expect { try SceneWindowList(body: SceneWindowList(plugin: "P", windows: [negative]).body) } throws: {
            ($0 as? ChannelError)?.message.contains("window 0's frame (0.0, 0.0, -1.0, 844.0)") == true
        }
        var infinite = entry
        infinite.level = .infinity
        #expect(throws: ChannelError.self) { try SceneWindowList(body: SceneWindowList(plugin: "P", windows: [infinite]).body) }
        var sceneFlags = SceneWindowList(plugin: "P", windows: [entry]).body
        sceneFlags[4 + 1] = 4  // after the plugin's length and name
        #expect { try SceneWindowList(body: sceneFlags) } throws: { ($0 as? ChannelError)?.message.contains("the scene's flags are 4") == true }
        var many = WireWriter()
        many.string("P")
        many.u8(0)
        many.u32(100_000)
        #expect { try SceneWindowList(body: many.bytes) } throws: { ($0 as? ChannelError)?.message.contains("100000 windows; at most 256") == true }
        #expect(throws: ChannelError.self) { try SceneWindowList(body: SceneWindowList(plugin: "P", windows: [entry]).body + [0]) }
    }

    @Test("Pictures decode to themselves, and one whose pixels do not fill its size (or overflow it) is refused by name", arguments: [71 as UInt64, 72])
    func pictures(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for _ in 0..<50 {
            let width = random.below(40), height = random.below(40)
            let picture = ScenePicture(width: width, height: height, pixels: (0..<(width * height)).map { _ in UInt32(truncatingIfNeeded: random.next()) })
            #expect(try ScenePicture(body: picture.body) == picture, "seed \(seed)")
        }
        let small = ScenePicture(width: 2, height: 2, pixels: [1, 2, 3, 4])
        #expect { try ScenePicture(body: Array(small.body.dropLast(4))) } throws: { ($0 as? ChannelError)?.message.contains("picture of 2 × 2 pixels has 12 bytes of pixels") == true }
        #expect(throws: ChannelError.self) { try ScenePicture(body: small.body + [0]) }
        var huge = WireWriter()
        huge.u32(UInt32.max)
        huge.u32(UInt32.max)
        #expect(throws: ChannelError.self) { try ScenePicture(body: huge.bytes) }
        // Premultiplied pixels come out with straight alpha: half-transparent red (0x80 of 0xFF).
        let premultiplied: [UInt32] = [0x8080_0000, 0xFF00_FF00]
        let straight = premultiplied.withUnsafeBytes { ScenePicture(premultiplied: $0, width: 2, height: 1, bytesPerRow: 8) }
        #expect(straight.pixels == [0x80FF_0000, 0xFF00_FF00])
    }

    @Test("A plugin refusal decodes to itself; trailing bytes are refused")
    func pluginRefusals() throws {
        let refusal = ScenePluginRefusal(code: "coreTooOld", plugin: "/plugins/libP.so", message: "it needs SceneCore 99.0.0 or newer")
        #expect(try ScenePluginRefusal(body: refusal.body) == refusal)
        #expect(throws: ChannelError.self) { try ScenePluginRefusal(body: refusal.body + [1]) }
        #expect(throws: ChannelError.self) { try ScenePluginRefusal(body: Array(refusal.body.dropLast())) }
    }

    @Test("Record batches decode to themselves, newlines and all; too many lines or trailing bytes are refused by name", arguments: [61 as UInt64, 62])
    func recordBatches(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for _ in 0..<100 {
            let batch = SceneRecordBatch(lines: (0..<random.below(40)).map { _ in random.text() + (random.below(4) == 0 ? "\n" : "") })
            #expect(try SceneRecordBatch(body: batch.body) == batch, "seed \(seed)")
        }
        var many = WireWriter()
        many.u32(UInt32(SceneRecordBatch.maximumLines + 1))
        #expect { try SceneRecordBatch(body: many.bytes) } throws: { ($0 as? ChannelError)?.message.contains("1048577 lines; at most 1048576") == true }
        #expect(throws: ChannelError.self) { try SceneRecordBatch(body: SceneRecordBatch(lines: ["hover findview 1 2"]).body + [0]) }
    }

    @Test("Input scripts, script outcomes and record outcomes decode to themselves", arguments: [51 as UInt64, 52])
    func scriptsRoundTrip(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let phases: [SceneTouchRecord.Phase] = [.down, .move, .up, .cancel]
        for _ in 0..<100 {
            let script = SceneInputScript(
                steps: (0..<random.below(20)).map { _ in
                    SceneInputScript.Step(
                        slot: UInt32(random.below(4)), phase: phases[random.below(4)], x: random.unit() * 800, y: random.unit() * 800,
                        delay: random.below(3) == 0 ? 0 : random.unit())
                })
            #expect(try SceneInputScript(body: script.body) == script, "seed \(seed)")
            let outcome = SceneScriptOutcome(
                began: (0..<random.below(4)).map { _ in
                    SceneTouchOutcome(touch: random.next(), window: Int32(random.below(3)) - 1, view: random.text())
                }, errorCode: random.below(2) == 0 ? "" : "SlotInUse", errorMessage: random.text())
            #expect(try SceneScriptOutcome(body: outcome.body) == outcome, "seed \(seed)")
            let record = SceneRecordOutcome(
                handledBy: random.text(),
                began: (0..<random.below(4)).map { _ in .init(touch: random.next(), window: Int32(random.below(4)) - 1, view: random.text()) },
                errorCode: random.text(), errorMessage: random.text())
            #expect(try SceneRecordOutcome(body: record.body) == record, "seed \(seed)")
        }
    }

    @Test("An input script with an unknown phase, a negative or non-finite delay, more steps than its bytes hold or trailing bytes is refused by name")
    func scriptsRefused() throws {
        let step = SceneInputScript.Step(slot: 0, phase: .down, x: 1, y: 2, delay: 0.5)
        var phase = SceneInputScript(steps: [step]).body
        phase[8] = 9
        #expect { try SceneInputScript(body: phase) } throws: { ($0 as? ChannelError)?.message.contains("step 0 has phase 9") == true }
        for delay in [-1.0, .nan, .infinity] {
            var bad = step
            bad.delay = delay
            #expect { try SceneInputScript(body: SceneInputScript(steps: [bad]).body) } throws: {
                let message = ($0 as? ChannelError)?.message ?? ""
                return message.contains("step 0 waits -1.0 seconds") || message.contains("step 0's delay is \(delay)")
            }
        }
        var many = WireWriter()
        many.u32(1_000)
        #expect { try SceneInputScript(body: many.bytes) } throws: { ($0 as? ChannelError)?.message.contains("announces 1000 steps in 0 bytes") == true }
        #expect(throws: ChannelError.self) { try SceneInputScript(body: SceneInputScript(steps: [step]).body + [0]) }
        #expect(throws: ChannelError.self) { try SceneRecordOutcome(body: SceneRecordOutcome().body + [0]) }
        #expect(SceneInputScript(steps: [step, step]).duration == 1)
    }

    @Test("Selector answers of every readiness decode to themselves", arguments: [71 as UInt64, 72])
    func selectorAnswersRoundTrip(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        func view() -> SceneSelectorAnswer.View { SceneSelectorAnswer.View(window: UInt32(random.below(4)), reference: random.text()) }
        for _ in 0..<200 {
            let readiness: SceneSelectorAnswer.Readiness =
                switch random.below(5) {
                case 0: .none
                case 1: .ready(x: random.unit() * 800, y: random.unit() * 600)
                case 2: .notVisible
                case 3: .notEnabled
                default: .notHittable(x: random.unit() * 800, y: random.unit() * 600, hit: random.below(2) == 0 ? nil : view())
                }
            let answer = SceneSelectorAnswer(matches: (0..<random.below(6)).map { _ in view() }, readiness: readiness)
            #expect(try SceneSelectorAnswer(body: answer.body) == answer, "seed \(seed)")
        }
    }

    @Test("A selector answer with an unknown readiness, a non-finite tap point, more matches than its bytes hold or trailing bytes is refused by name")
    func selectorAnswersRefused() throws {
        var unknown = SceneSelectorAnswer(matches: []).body
        unknown[4] = 7
        #expect { try SceneSelectorAnswer(body: unknown) } throws: { ($0 as? ChannelError)?.message.contains("readiness 7 is not 0…4") == true }
        #expect { try SceneSelectorAnswer(body: SceneSelectorAnswer(matches: [], readiness: .ready(x: .nan, y: 1)).body) } throws: {
            ($0 as? ChannelError)?.message.contains("x is nan; it must be a finite number") == true
        }
        var many = WireWriter()
        many.u32(100)
        #expect { try SceneSelectorAnswer(body: many.bytes) } throws: { ($0 as? ChannelError)?.message.contains("announces 100 matches in 0 bytes") == true }
        #expect(throws: ChannelError.self) { try SceneSelectorAnswer(body: SceneSelectorAnswer(matches: []).body + [0]) }
    }

    @Test("Commands, actions and command outcomes decode to themselves", arguments: [81 as UInt64, 82])
    func commandsRoundTrip(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for _ in 0..<200 {
            let command: SceneCommand =
                switch random.below(7) {
                case 6: .makeKey(window: UInt32(random.below(4)))
                case 5: .resize(width: random.unit() * 1000, height: random.unit() * 1000)
                case 4: .activation(state: random.text())
                case 0:
                    .scroll(
                        window: UInt32(random.below(4)), x: random.unit() * 400, y: random.unit() * 800, dx: random.unit() * 200 - 100,
                        dy: random.unit() * 200 - 100, continuous: random.below(2) == 0)
                case 1: .makeFirstResponder(window: UInt32(random.below(4)), view: random.text())
                case 2: .motion(phase: random.text())
                default: .remoteControl(subtype: random.text())
                }
            #expect(try SceneCommand(body: command.body) == command, "seed \(seed)")
            let actions = SceneActions(
                window: UInt32(random.below(4)), json: random.text(), simultaneousTouches: UInt32(random.below(20)),
                samplesPerCall: UInt32(random.below(20_000)), scriptSeconds: random.unit() * 60)
            #expect(try SceneActions(body: actions.body) == actions, "seed \(seed)")
            let outcome = SceneCommandOutcome(text: random.text(), accepted: random.below(2) == 0, errorCode: random.text(), errorMessage: random.text())
            #expect(try SceneCommandOutcome(body: outcome.body) == outcome, "seed \(seed)")
        }
    }

    @Test("A command of an unknown kind or scroll kind, or with trailing bytes, actions with a negative time limit and an outcome with a bad flag are refused by name")
    func commandsRefused() throws {
        #expect { try SceneCommand(body: [9]) } throws: { ($0 as? ChannelError)?.message.contains("command kind 9 is not 1…7") == true }
        var scroll = SceneCommand.scroll(window: 0, x: 1, y: 2, dx: 0, dy: 10, continuous: true).body
        scroll[scroll.count - 1] = 2
        #expect { try SceneCommand(body: scroll) } throws: { ($0 as? ChannelError)?.message.contains("scroll kind 2 is not 0 (discrete) or 1 (continuous)") == true }
        #expect(throws: ChannelError.self) { try SceneCommand(body: SceneCommand.motion(phase: "began").body + [0]) }
        #expect { try SceneActions(body: SceneActions(window: 0, json: "{}", simultaneousTouches: 1, samplesPerCall: 1, scriptSeconds: -1).body) } throws: {
            ($0 as? ChannelError)?.message.contains("script-seconds limit -1.0 is negative") == true
        }
        var flag = SceneCommandOutcome(text: "", accepted: true).body
        flag[4] = 3
        #expect { try SceneCommandOutcome(body: flag) } throws: { ($0 as? ChannelError)?.message.contains("accepted flag is 3") == true }
    }

    @Test("Busy lists decode to themselves; one announcing more entries than allowed or with trailing bytes is refused")
    func busyLists() throws {
        var random = SplitMix64(seed: 61)
        for _ in 0..<100 {
            let list = SceneBusyList(
                entries: (0..<random.below(5)).map { _ in
                    SceneBusyList.Entry(
                        kind: ["touch", "recognizer", "timer"][random.below(3)], window: Int32(random.below(3)) - 1, view: random.text(),
                        detail: random.text(), deadline: random.below(2) == 0 ? nil : random.unit() * 10)
                }, now: random.unit() * 100)
            #expect(try SceneBusyList(body: list.body) == list)
        }
        var many = WireWriter()
        many.f64(0)
        many.u32(5_000)
        #expect { try SceneBusyList(body: many.bytes) } throws: { ($0 as? ChannelError)?.message.contains("5000 entries; at most 4096") == true }
        #expect(throws: ChannelError.self) { try SceneBusyList(body: SceneBusyList(entries: []).body + [1]) }
    }

    @Test("WebDriver requests and responses decode to themselves; a status that is not HTTP's and trailing bytes are refused")
    func webDriverExchangesRoundTrip() throws {
        var random = SplitMix64(seed: 26)
        for _ in 0..<200 {
            let request = SceneWebDriverRequest(
                sessionID: random.text(), sceneName: random.text(), method: ["GET", "POST", "DELETE"][random.below(3)], path: "/session/" + random.text(),
                body: (0..<random.below(300)).map { _ in UInt8(truncatingIfNeeded: random.next()) })
            #expect(try SceneWebDriverRequest(body: request.encoded) == request)
            let response = SceneWebDriverResponse(status: UInt16(100 + random.below(500)), body: Array(random.text().utf8))
            #expect(try SceneWebDriverResponse(body: response.encoded) == response)
        }
        #expect { try SceneWebDriverResponse(body: SceneWebDriverResponse(status: 99, body: []).encoded) } throws: {
            ($0 as? ChannelError)?.message.contains("status 99") == true
        }
        let request = SceneWebDriverRequest(sessionID: "s", sceneName: "Gallery", method: "GET", path: "/status", body: [])
        #expect(throws: ChannelError.self) { try SceneWebDriverRequest(body: request.encoded + [0]) }
        #expect(throws: ChannelError.self) { try SceneWebDriverRequest(body: Array(request.encoded.dropLast())) }
    }

    @Test("Forwarded accessibility calls and the accessibility state decode to themselves; a missing field, too many executables and trailing bytes are refused")
    func accessibilityPayloadsRoundTrip() throws {
        var random = SplitMix64(seed: 27)
        for _ in 0..<200 {
            let call = SceneAccessibilityCall(
                wire: (0..<random.below(400)).map { _ in UInt8(truncatingIfNeeded: random.next()) },
                desktopOffset: random.below(2) == 0 ? nil : (random.unit() * 900, random.unit() * 700), rootIndexOffset: Int32(random.below(9)),
                caller: random.below(2) == 0 ? nil : (Int32(random.below(90_000)), "/usr/bin/" + random.text()))
            #expect(try SceneAccessibilityCall(body: call.encoded) == call)
            let state = SceneAccessibilityState(
                hostName: random.below(3) == 0 ? "" : ":1.\(random.below(500))", inputMode: ["open", "read-only"][random.below(2)],
                allowedExecutables: (0..<random.below(4)).map { _ in "/usr/bin/" + random.text() }, holdsApplicationKey: random.below(2) == 0)
            #expect(try SceneAccessibilityState(body: state.encoded) == state)
        }
        let call = SceneAccessibilityCall(wire: [1, 2, 3], desktopOffset: (10, 20), rootIndexOffset: 1, caller: nil)
        #expect(throws: ChannelError.self) { try SceneAccessibilityCall(body: call.encoded + [0]) }
        #expect(throws: ChannelError.self) { try SceneAccessibilityCall(body: Array(call.encoded.dropLast())) }
        var tooMany = WireWriter()
        tooMany.string(":1.4")
        tooMany.string("open")
        tooMany.u32(5_000)
        #expect { try SceneAccessibilityState(body: tooMany.bytes) } throws: { ($0 as? ChannelError)?.message.contains("5000 allowed executables") == true }
        let state = SceneAccessibilityState(hostName: ":1.4", inputMode: "open", allowedExecutables: [], holdsApplicationKey: true)
        #expect(throws: ChannelError.self) { try SceneAccessibilityState(body: state.encoded + [0]) }
    }
}
