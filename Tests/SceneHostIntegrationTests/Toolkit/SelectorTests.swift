import DBusKit
import Foundation
import SceneBusContract
import TestProcesses
import Testing

/// `Host1.Find` and `Host1.TapMatching` against the real scene-host (FixtureToolkit, FindView and
/// GestureLab).
@MainActor
@Suite("Selectors and strict taps against the real scene-host", .serialized)
struct SelectorTests {
    private func find(_ client: HostBusClient, _ selector: String) async throws -> [String] {
        let reply = try await client.host("Find", [.string(selector)])
        return (reply[0].arrayElements ?? []).map { item in
            let fields = item.structFields ?? []
            let window = fields.first?.objectPathValue?.rawValue.split(separator: "/").last.map(String.init) ?? "?"
            return "\(window) \(fields.last?.stringValue ?? "")"
        }
    }

    private func tap(_ client: HostBusClient, _ selector: String, timeout: Double = 2) async throws -> [String] {
        try await client.host("TapMatching", [.string(selector), .double(timeout)]).map { $0.stringValue ?? $0.objectPathValue?.rawValue ?? "" }
    }

    @Test("Find lists (window, view reference) pairs in tree order, across scenes or in one")
    func find() async throws {
        let host = try ToolkitHost.start(clock: "virtual")
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        #expect(try await find(client, "#target") == ["1 target"])
        // [TV-12] GestureLab's table shows Rows 1-5; the labels of Rows 6-1000 are found in their rows out of view.
        let rowsOutOfView = (5..<1_000).map { "3 table/row:0.\($0)/Label#0" }
        #expect(
            try await find(client, "Label")
                == ["1 twin-1", "1 twin-2", "1 row-1", "1 row-2", "1 row-3", "3 row-1-text", "3 row-2-text", "3 row-3-text", "3 row-4-text", "3 row-5-text"]
                + rowsOutOfView + ["3 table-taps-label"])
        #expect(try await find(client, "scene=findview View > View") == ["2 View#0", "2 gray", "2 red", "2 blue", "2 yellow"])
        #expect(try await find(client, "Button:visible:enabled") == ["1 shuffle", "1 later", "1 target", "1 covered", "3 button"])
        #expect(try await find(client, "#list > [text=\"Row 2\"]") == ["1 row-2"])
        #expect(try await find(client, "[role=\"table\"] [text='Row 2']") == ["3 row-2-text"])
        #expect(try await find(client, "[role=\"table-cell\"][label='Row 2']") == ["3 row-2"])
        #expect(try await find(client, "Window[title=\"GestureLab\"] [label=\"Taps\"]") == ["3 taps"])
        #expect(try await find(client, "#nothing").isEmpty)
    }

    @Test("TapMatching taps the one match at its visible centre and returns the window and the view hit; a label passes the touch to the row's cell behind it, and the background's tap takes that quick tap (seed 002)")
    func tapsTheMatch() async throws {
        let host = try ToolkitHost.start(clock: "virtual")
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        #expect(try await tap(client, "#target") == [SceneBusContract.windowPath(1).rawValue, "target"])
        #expect(try await tap(client, "#shuffle") == [SceneBusContract.windowPath(1).rawValue, "shuffle"])
        // The target moved at once: the next tap finds it where it is now.
        #expect(try await tap(client, "#target") == [SceneBusContract.windowPath(1).rawValue, "target"])
        #expect(try await tap(client, "scene=gesturelab [text=\"Row 1\"]") == [SceneBusContract.windowPath(3).rawValue, "row-1"])
        #expect(try await tap(client, "scene=gesturelab Button") == [SceneBusContract.windowPath(3).rawValue, "button"])
        try await client.settle()
        #expect(client.logLines(of: "toolkit") == ["target tapped", "shuffled to 1", "target tapped"])
        #expect(client.logLines(of: "gesturelab") == ["Background tap", "Button touches began", "Button touches ended", "Button tapped"])
    }

    @Test("TapMatching waits without blocking for the target to become visible (its scene brought back from the background meanwhile)")
    func waitsForTheTarget() async throws {
        let host = try ToolkitHost.start(clock: "real", toolkitOnly: true)
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        _ = try await client.scene("toolkit", "SendToBackground")
        async let tapped = tap(client, "#target", timeout: 20)
        // Served while TapMatching waits.
        #expect(try await find(client, "#target:visible").isEmpty)
        _ = try await client.scene("toolkit", "Activate")
        #expect(try await tapped == [SceneBusContract.windowPath(1).rawValue, "target"])
    }

    @Test("TapMatching in a foreground-inactive scene (an unfocused desktop window) activates it and taps, as a click does [WS-11]")
    func activatesAnInactiveScene() async throws {
        let host = try ToolkitHost.start(clock: "virtual", toolkitOnly: true)
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        _ = try await client.scene("toolkit", "Deactivate")
        #expect(try await find(client, "#target:visible") == ["1 target"])
        #expect(try await tap(client, "#target", timeout: 0) == [SceneBusContract.windowPath(1).rawValue, "target"])
        let state = try await client.property(SceneBusContract.scenePath("toolkit"), SceneBusContract.sceneInterface, "ActivationState")
        #expect(state.stringValue == "foreground-active")
    }

    @Test("Strictness: NoMatch, Ambiguous listing every match, NotHittable naming the covering view, Timeout for hidden and disabled targets")
    func failures() async throws {
        let host = try ToolkitHost.start(clock: "virtual", toolkitOnly: true)
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        func failure(_ selector: String, _ timeout: Double) async -> BusError? {
            await client.failure { _ = try await tap(client, selector, timeout: timeout) }
        }
        let none = await failure("#nothing", 0)
        #expect(none?.name == SceneBusContract.ErrorNames.noMatch)
        #expect(none?.message == "no view matches '#nothing'; list what is there with Find or DescribeTree (scenectl find, scenectl tree)")
        let twins = await failure("[text=\"Twin\"]", 0.1)
        #expect(twins?.name == SceneBusContract.ErrorNames.ambiguous)
        #expect(twins?.message == "'[text=\"Twin\"]' matches 2 views after 0.1 s: twin-1 in /org/scenehost/SceneHost/window/1, twin-2 in /org/scenehost/SceneHost/window/1; make it match one (an #identifier, a parent, :visible)")
        let covered = await failure("#covered", 0)
        #expect(covered?.name == SceneBusContract.ErrorNames.notHittable)
        #expect(covered?.message == "'#covered' matches covered in /org/scenehost/SceneHost/window/1, but a touch at its centre (290, 272) would go to cover in /org/scenehost/SceneHost/window/1")
        let ghost = await failure("#ghost", 0)
        #expect(ghost?.name == SceneBusContract.ErrorNames.timeout)
        #expect(ghost?.message.contains("but it is not visible") == true, "\(ghost?.message ?? "")")
        let disabled = await failure("#disabled", 0)
        #expect(disabled?.name == SceneBusContract.ErrorNames.timeout)
        #expect(disabled?.message.contains("but it is not enabled") == true, "\(disabled?.message ?? "")")
        try await client.settle()
        #expect(client.signals(named: "Touch").isEmpty, "nothing was tapped")
    }

    @Test("Bad input: empty and malformed selectors name the column, bad timeouts name the value; the host keeps serving")
    func badInput() async throws {
        let host = try ToolkitHost.start(clock: "virtual", toolkitOnly: true)
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        for (selector, message) in [
            ("", "selector '': selector column 1: the selector is empty; write a type (Button), #identifier, [label=\"…\"], [text=\"…\"] or [title=\"…\"]"),
            ("#a >", "selector '#a >': selector column 5: '>' needs a view after it"),
            ("[label=\"x]", "selector '[label=\"x]': selector column 8: the string opened here is not closed (\")"),
            ("Button:hover", "selector 'Button:hover': selector column 8: unknown pseudo-class ':hover'; use :visible or :enabled"),
        ] {
            for method in ["Find", "TapMatching"] {
                let error = await client.failure {
                    _ = try await client.host(MemberName(method), method == "Find" ? [.string(selector)] : [.string(selector), .double(0)])
                }
                #expect(error?.name == .invalidArgs, "\(method) '\(selector)'")
                #expect(error?.message == message, "\(method): \(error?.message ?? "")")
            }
        }
        for timeout in [-1, Double.nan, .infinity, 1e9] {
            let error = await client.failure { _ = try await tap(client, "#target", timeout: timeout) }
            #expect(error?.name == SceneBusContract.ErrorNames.invalidValue)
            #expect(error?.message == "TapMatching timeout \(timeout) must be a finite number of seconds in 0…3600")
        }
        #expect(try await find(client, "#target") == ["1 target"])
        #expect(host.process.isRunning)
    }
}
