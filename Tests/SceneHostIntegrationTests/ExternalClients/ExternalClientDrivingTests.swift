import Foundation
import Testing

/// scene-host driven by python3-dbus (Tests/ExternalClients/drive.py) on its private bus: every method,
/// every signal, the seed traces, motion and remote control, key windows and first responders. Each
/// test starts its own host on the demo configuration and runs one scenario of drive.py.
@Suite(
    "python3-dbus drives scene-host",
    .serialized,
    .enabled(
        if: ExternalClientTools.missingForPython.isEmpty,
        "needs /usr/bin/python3 with python3-dbus and python3-gi; missing: \(ExternalClientTools.missingForPython.joined(separator: " "))"
    ))
struct ExternalClientDrivingTests {
    private static let root = "/org/scenehost/SceneHost"
    private static func window(_ number: Int) -> String { "\(root)/window/\(number)" }
    private static func scene(_ name: String) -> String { "\(root)/scene/\(name)" }

    private func drive(_ scenario: String, hostArguments: [String] = []) async throws -> DriveOutcome {
        let session = try await ExternalClientHost.start(arguments: hostArguments)
        return DriveOutcome(try await session.python("drive.py", [scenario]))
    }

    @Test("Every method of Host1, Scene1 and Window1 answers with its declared out signature; every signal of the contract arrives with its declared signature and seq growing by one")
    func everyMethodAndSignal() async throws {
        let tour = try await drive("tour")
        // AdvanceClock answers only on the virtual clock: one more host for it.
        let clock = try await drive("clock", hostArguments: ["--clock", "virtual", "--probe-timeout", "60"])
        #expect(clock.calls.allSatisfy { $0.error == nil }, "\(clock.calls)")
        // ListPlugins probes every plugin of the build folder, the hanging fixtures included: a host
        // with a short probe timeout for it.
        let plugins = try await drive("plugins", hostArguments: ["--probe-timeout", "2"])
        #expect(plugins.calls.allSatisfy { $0.error == nil }, "\(plugins.calls)")
        // Scenes in processes of their own: a crash, a scene too slow to answer, Reload.
        let config = try temporaryFile(
            "isolation-tour.yaml",
            """
            isolation:
              mode: process
              response-timeout: \(Int(SanitizedRun.seconds(2)))
              start-timeout: \(Int(SanitizedRun.seconds(60)))
            scenes:
              - name: crashy
                plugin: FixtureCrashInHandler
              - name: slow
                plugin: FixtureHangInHandler
                options: {hang-seconds: "\(Int(SanitizedRun.seconds(6)))"}

            """)
        let isolation = try await drive("isolation", hostArguments: ["--config", config])
        #expect(
            isolation.calls.filter { $0.error != nil }.map { "\($0.label) \($0.error ?? "")" }
                == ["TouchUp crashes org.scenehost.Error.SceneCrashed", "TouchUp too slow org.scenehost.Error.SceneNotResponding"],
            "\(isolation.calls)")
        let contract = try ContractInterface.all()
        for interface in contract {
            for method in interface.members where method.kind == "method" {
                let answered = (tour.calls + clock.calls + plugins.calls + isolation.calls).filter { $0.member == method.name && $0.interface == interface.name && $0.error == nil }
                #expect(!answered.isEmpty, "python called \(interface.name).\(method.name) and got a reply")
                for call in answered {
                    #expect(call.replySignature == method.outputSignature, "\(call) replies '\(method.outputSignature)'")
                }
            }
        }
        #expect(
            tour.calls.filter { $0.error != nil }.map(\.label) == ["Activate disconnected"],
            "only the deliberate mistake fails: \(tour.calls.filter { $0.error != nil })")
        let host = try ContractInterface("org.scenehost.Host1")
        let declared = host.members.filter { $0.kind == "signal" }
        #expect(Set((tour.signals + isolation.signals).map(\.member)) == Set(declared.map(\.name)), "every signal kind arrived")
        for signal in declared {
            let received = tour.signals(signal.name) + isolation.signals(signal.name)
            #expect(received.allSatisfy { $0.signature == signal.inputSignature }, "\(signal.name) is '\(signal.inputSignature)'")
        }
        #expect(tour.sequenceIsContiguous, "seq grows by one from signal to signal [WS-10]: \(tour.signals.map(\.seq))")
        #expect(isolation.sequenceIsContiguous, "one seq for every scene process: \(isolation.signals.map(\.seq))")
        #expect(tour.signals.count > 300)
    }

    @Test("Seed 000 by screen touches: replies and Touch signals name blue then red, Log signals carry both traces in order [RC-2]")
    func seedTracesThroughLogSignals() async throws {
        let seed = try await drive("seed")
        let downs = seed.replies("TouchDown")
        #expect(downs.map { Array($0.dropFirst()) } == [[.string(Self.window(1)), .string("blue")], [.string(Self.window(1)), .string("red")]])
        #expect(seed.log(of: "findview") == HostLifecycleTests.blueTrace + HostLifecycleTests.redTrace)
        let touches = seed.signals("Touch")
        #expect(touches.map { $0.string(3) } == ["began", "ended", "began", "ended"])
        #expect(touches.map { $0.arguments[2] } == [downs[0][0], downs[0][0], downs[1][0], downs[1][0]], "Touch ids are those TouchDown returned")
        #expect(touches.map { $0.string(6) } == ["blue", "blue", "red", "red"])
        #expect(touches.map { [$0.arguments[4], $0.arguments[5]] } == [[240, 250], [240, 250], [100, 150], [100, 150]].map { $0.map(JSON.number) })
        #expect(touches.allSatisfy { $0.string(1) == Self.window(1) && $0.arguments[8] == .number(1) })
        // Each Touch signal follows the UIKit callbacks of its step [WS-10]: blue's began after the
        // controller's touchesBegan line, ended after its touchesEnded line.
        let order = seed.signals.map { $0.member == "Log" ? $0.string(2) : "\($0.member) \($0.string(3))" }
        #expect(order.firstIndex(of: "Touch began")! > order.firstIndex(of: "vc, FindViewViewController.touchesBegan(_:with:)")!)
        #expect(order.firstIndex(of: "Touch ended")! > order.firstIndex(of: "vc, FindViewViewController.touchesEnded(_:with:)")!)
        #expect(seed.sequenceIsContiguous)
    }

    @Test("Shake and remote control reach the GestureLab player once a touch focused its scene; before, the alert window had no responder for them [FR-8, FR-9, WS-4]")
    func motionAndRemoteControlReachThePlayer() async throws {
        let lab = try await drive("player")
        #expect(lab.call("SendRemoteControl before")?.reply == [.string("")], "Gallery's alert is key and has no first responder")
        #expect(lab.call("TouchDown")?.reply.map { Array($0.dropFirst()) } == [.string(Self.window(2)), .string("player")])
        #expect(lab.call("Get KeyWindow")?.reply == [.string(Self.window(2))], "touching a scene makes it the most recently activated")
        #expect(lab.signals("KeyWindowChanged").map { [$0.string(1), $0.string(2)] } == [[Self.window(4), Self.window(2)]])
        #expect(lab.call("Get FirstResponder")?.reply == [.string("player")])
        #expect(lab.replies("SendMotion") == [[.string("player")], [.string("player")]])
        #expect(lab.replies("SendRemoteControl") == [[.string("player")], [.string("player")], [.string("player")]])
        #expect(
            lab.signals("MotionDelivered").map { [$0.string(1), $0.string(2), $0.string(3)] }
                == [["shake", "began", "player"], ["shake", "ended", "player"]])
        #expect(
            lab.signals("RemoteControlDelivered").map { [$0.string(1), $0.string(2)] }
                == [["play", ""], ["play", "player"], ["next-track", "player"], ["toggle-play-pause", "player"]])
        #expect(
            lab.log(of: "gesturelab") == [
                "player is first responder", "shake began", "shake ended", "remote: play", "remote: next-track", "remote: toggle-play-pause",
            ])
        #expect(lab.signals("FirstResponderChanged").isEmpty, "the player already was its window's first responder: no change [FR-2]")
        #expect(lab.sequenceIsContiguous)
    }

    @Test("Keyboard: TypeText and SendKey edit the Gallery field, Tab moves the focus to show-alert and Space activates it, a media key is a remote-control event; every phase is a Press signal [KB-1, KB-3, KB-4, KB-6, TF-5]")
    func keyboardReachesTheField() async throws {
        let keys = try await drive("keyboard")
        let main = Self.window(3)
        #expect(keys.call("TypeText")?.reply == [.string("field")])
        #expect(
            ["SendKey backspace", "SendKey o", "SendKey shift+1 began", "SendKey shift+1 ended", "SendKey tab", "SendKey space", "SendKey media"]
                .map { keys.call($0)?.reply ?? [.string("no reply")] }
                == [[.string("field")], [.string("field")], [.string("field")], [.string("field")], [.string("Application")], [.string("Application")], [.string("")]])
        if case .string(let tree)? = keys.call("DescribeTree typed")?.reply?.first {
            #expect(tree.contains("\"text\":\"hello!\""), "the field's text is hello!: \(tree)")
        } else {
            Issue.record("DescribeTree answered no JSON string")
        }
        #expect(
            keys.signals("Press").map { [$0.string(1), $0.string(2), $0.string(3), $0.string(4)] }
                == [
                    [main, "backspace", "began", "field"], [main, "backspace", "ended", "field"], [main, "o", "began", "field"],
                    [main, "o", "ended", "field"], [main, "shift+1", "began", "field"], [main, "shift+1", "ended", "field"],
                    [main, "tab", "began", "Application"], [main, "tab", "ended", "Application"],
                    [main, "space", "began", "Application"], [main, "space", "ended", "Application"],
                ])
        #expect(keys.log(of: "gallery") == ["field became first responder", "field editing ended", "alert shown"])
        #expect(keys.signals("RemoteControlDelivered").map { $0.string(1) } == ["toggle-play-pause"])
        #expect(keys.sequenceIsContiguous)
    }

    @Test("Gallery: code, OK, field, show-alert, MakeKey and MakeFirstResponder move the key window and each window's first responder, as signals and properties say [FR-2, FR-3, FR-5, FR-6, WS-5, WS-6, WS-7]")
    func galleryKeyWindowAndFirstResponders() async throws {
        let gallery = try await drive("gallery")
        let main = Self.window(3), alert = Self.window(4)
        #expect(
            ["Tap code", "Tap ok", "Tap field", "MakeFirstResponder none", "Tap show-alert", "MakeKey", "MakeFirstResponder field"]
                .map { gallery.call($0)?.reply ?? [.string("no reply")] }
                == [[.string("code")], [.string("ok")], [.string("field")], [.bool(true)], [.string("show-alert")], [], [.bool(true)]])
        #expect(
            gallery.signals("FirstResponderChanged").map { [$0.string(1), $0.string(2), $0.string(3)] }
                == [[alert, "", "code"], [main, "", "field"], [main, "field", ""], [main, "", "field"]])
        #expect(
            gallery.signals("KeyWindowChanged").map { [$0.string(1), $0.string(2)] } == [[alert, main], [main, alert], [alert, main]],
            "OK hides the alert and main is key again [WS-7]; show-alert brings it back [WS-6]; MakeKey hands over [WS-5]")
        #expect(
            gallery.signals("ActionSent").map { [$0.string(1), $0.string(2), $0.string(3)] }
                == [
                    [alert, "codeEditingBegan", "code"], [alert, "dismissAlert", "ok"], [main, "fieldEditingBegan", "field"],
                    [main, "fieldEditingEnded", "field"], [main, "showAlert", "show-alert"], [main, "fieldEditingBegan", "field"],
                ])
        #expect(
            gallery.log(of: "gallery") == [
                "code became first responder", "alert hidden", "field became first responder", "field editing ended", "alert shown",
                "field became first responder",
            ])
        let mainProperties = gallery.call("GetAll window 3")?.reply?.first ?? .null
        let alertProperties = gallery.call("GetAll window 4")?.reply?.first ?? .null
        #expect(mainProperties["IsKey"] == .bool(true) && mainProperties["FirstResponder"] == .string("field"))
        #expect(alertProperties["IsKey"] == .bool(false) && alertProperties["Hidden"] == .bool(false))
        #expect(alertProperties["FirstResponder"] == .string("code"), "a window that resigns key keeps its first responder [FR-6]")
        #expect(gallery.sequenceIsContiguous)
    }

    @Test("GestureLab through Window1: the button sends its action, the background tap takes a quick tap on a row (which sees nothing), a 1 s press is no tap and selects the row, swipe pans and pinch scales [UC-8, GR-9, GR-13, GR-15, GR-17, SV-16]")
    func gesturesAndControls() async throws {
        let lab = try await drive("gestures")
        let window = Self.window(2)
        #expect(
            ["Tap button", "Tap background", "LongPress", "Swipe", "Pinch"].map { label in lab.call(label)?.reply ?? [] }
                == [[.string("button")], [.string("row-3")], [.string("row-3")], [.string("canvas")], [.string("canvas")]])
        #expect(lab.signals("ActionSent").map { [$0.string(1), $0.string(2), $0.string(3), $0.string(4)] } == [[window, "buttonTapped", "button", "button"]])
        let backgroundTap = lab.signals("GestureStateChanged").filter { $0.string(3) == "background-tap" }.map { $0.string(4) }
        #expect(backgroundTap == ["failed", "ended", "failed"], "fails on the button, wins on the table, fails when held 1 s")
        let canvas = lab.signals("GestureStateChanged").filter { $0.string(2) == "canvas" && $0.string(4) != "changed" }
            .map { "\($0.string(3)) \($0.string(4))" }
        #expect(canvas.contains("pan ended") && canvas.contains("pinch ended"), "\(canvas)")
        #expect(
            lab.log(of: "gesturelab") == [
                "Button touches began", "Button touches ended", "Button tapped", "Background tap",
                "Row 3 touches began", "Row 3 touches ended", "Selected Row 3",
                "pan ended translation=(150, 50)", "pinch ended scale=2",
            ])
        #expect(Set(lab.signals("Touch").map { $0.string(1) }) == [window])
        #expect(lab.sequenceIsContiguous)
    }

    @Test("Scene1 life cycle and LoadPlugin/Disconnect: SceneActivationChanged follows WS-1, the loaded scene's window is key until it goes, its objects leave the bus")
    func sceneLifeCycleAndLoadPlugin() async throws {
        let scenes = try await drive("scenes")
        let findview = Self.scene("findview"), second = Self.scene("second")
        // A tap on an inactive scene's window activates the scene first, as a click does [WS-11]: the
        // second "foreground-active" below is the tap's, and the Activate after it changes nothing.
        #expect(scenes.call("Tap inactive")?.reply == [.string("blue")], "\(String(describing: scenes.call("Tap inactive")))")
        #expect(
            scenes.signals("SceneActivationChanged").filter { $0.string(1) == findview }.map { $0.string(2) } == [
                "foreground-inactive", "foreground-active", "foreground-inactive", "background", "foreground-inactive", "foreground-active",
            ])
        #expect(scenes.call("LoadPlugin")?.reply == [.string(second)])
        #expect(scenes.call("Get Scenes with second")?.reply?.first?.array.last == .string(second))
        #expect(
            scenes.signals("SceneActivationChanged").filter { $0.string(1) == second }.map { $0.string(2) }
                == ["foreground-inactive", "foreground-active", "foreground-inactive", "background", "unattached"])
        let findviewWindow = Self.window(1), alert = Self.window(4), loaded = Self.window(5)
        #expect(
            scenes.signals("KeyWindowChanged").map { [$0.string(1), $0.string(2)] } == [
                [alert, findviewWindow], [findviewWindow, alert], [alert, findviewWindow],
                ["/", loaded], [findviewWindow, loaded], [loaded, findviewWindow], [loaded, "/"],
            ],
            "the application's key window is that of the most recently activated scene [WS-4]; the loaded scene has its own [WS-6] until it goes")
        #expect(scenes.call("Get Scenes without second")?.reply?.first?.array.count == 3)
        #expect(scenes.call("Activate disconnected")?.error == "org.freedesktop.DBus.Error.UnknownObject")
        #expect(
            scenes.signals("SceneGeometryChanged").map { "\($0.string(1)) \($0.arguments.dropFirst(2).compactMap(\.number))" } == [
                "\(findview) [0.0, 0.0, 500.0, 900.0]", "\(findview) [0.0, 0.0, 390.0, 844.0]",
            ])
        #expect(scenes.sequenceIsContiguous)
    }
}
