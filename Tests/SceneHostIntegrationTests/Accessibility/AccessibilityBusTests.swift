import DBusKit
import Foundation
import SceneBusContract
import SceneProcesses
import TestProcesses
import Testing

/// The real scene-host's AT-SPI2 bridge on a private accessibility bus (named by
/// `AT_SPI_BUS_ADDRESS`), with the test playing the registry and the assistive tool.
@MainActor
@Suite("AT-SPI2 bridge of the real scene-host, on a private accessibility bus", .serialized)
struct AccessibilityBusTests {
    let daemon: BusDaemon

    init() async throws {
        daemon = try await offPool { try BusDaemon() }
    }

    /// A scene-host with its accessibility bus at the test's daemon, once `registry` has embedded it.
    // Each test starts its own registry and host and spells out their teardown in one `defer`
    // (`duplicates` pairs those lines), deliberately: the order matters (the probe closes before the
    // registry leaves, and the host outlives both) and stays in sight in every test.
    private func startHost(_ registry: FakeAtspiRegistry, arguments: [String] = [], isolation: String = "none") async throws
        -> (HostProcess, AtspiProbe)
    {
        let host = try HostProcess(
            arguments: arguments + ["--isolation", isolation], environment: ["AT_SPI_BUS_ADDRESS": daemon.address])

        // Generous limits: they only bound a failure, and a loaded machine (parallel suites) can keep
        // the host or this process's main actor from answering for seconds.
        try await eventually("scene-host to call Socket.Embed", timeout: 60) { !registry.plugs.isEmpty }
        try await eventually("scene-host to log its registration", timeout: 60) {
            host.log.contains { $0.contains("registered with the AT-SPI registry") }
        }
        let probe = try await AtspiProbe(address: daemon.address, application: registry.plugs[0].bus)
        if isolation != "none" {
            // Every window the root lists is a scene process's (`…/p<pid>/w<n>`) once each serves its objects.
            let deadline = ContinuousClock.now + .seconds(60)
            while true {
                let count = try await probe.property(Atspi.rootPath, Atspi.accessible, "ChildCount").int32Value ?? 0
                let paths = try await probe.children(of: Atspi.rootPath).map(\.rawValue)
                if count > 0, paths.count == Int(count), paths.allSatisfy({ $0.contains("/p") }) { break }
                guard ContinuousClock.now < deadline else { throw TimedOut(description: "the scene processes never served their windows: \(paths)") }
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        return (host, probe)
    }

    /// A configuration with one scene of FixtureManyViews: `views` grid cells and the controls row.
    private func manyViewsConfiguration(views: Int) throws -> String {
        try temporaryFile(
            "many-views.yaml",
            """
            plugins:
              folders: ["\(buildFolder())"]
            scenes:
              - name: many
                plugin: FixtureManyViews
                options: {views: "\(views)", controls: "yes"}
            """)
    }

    @Test("The host embeds its root in the registry named by AT_SPI_BUS_ADDRESS, keeps the Id it is given, and embeds again when the registry restarts", arguments: ["none", "process"])
    func registration(isolation: String) async throws {
        let registry = try await FakeAtspiRegistry(address: daemon.address)
        let (host, probe) = try await startHost(registry, isolation: isolation)
        defer { probe.close() }
        #expect(registry.plugs[0].path == Atspi.rootPath)
        #expect(registry.plugs[0].bus.isUnique)
        #expect(try await probe.property(Atspi.rootPath, Atspi.application, "Id") == .int32(FakeAtspiRegistry.applicationID))
        #expect(try await probe.property(Atspi.rootPath, Atspi.accessible, "Parent") == registry.desktop)

        registry.leave()
        let restarted = try await FakeAtspiRegistry(address: daemon.address)
        do {
            try await eventually("scene-host to embed again in the restarted registry") { restarted.plugs.count == 1 }
        } catch {
            Issue.record("\(error); the host's log:\n\(host.log.joined(separator: "\n"))")
            throw error
        }
        #expect(restarted.plugs[0].bus == registry.plugs[0].bus)
        try await eventually("the log line of the second registration") {
            host.log.contains { $0.contains("registered again with the AT-SPI registry") }
        }
        #expect(try await probe.property(Atspi.rootPath, Atspi.accessible, "Parent") == restarted.desktop)
        restarted.leave()
    }

    @Test(
        "Cache.GetItems lists the application, its three frames, the Gallery alert under Gallery's frame (WS-12) and every view, each with its parent, index, role and states; the same with every scene in a process of its own",
        arguments: ["none", "process"])
    func cacheItems(isolation: String) async throws {
        let registry = try await FakeAtspiRegistry(address: daemon.address)
        let (host, probe) = try await startHost(registry, isolation: isolation)
        defer { probe.close(); registry.leave(); withExtendedLifetime(host) {} }
        let items = try await probe.items()
        // FindView 6, GestureLab 10 and 5 table rows (the rows with cells, each with its label), Gallery
        // main 7 (with the photo's scroll pane and image), Gallery alert 4, plus the root.
        #expect(items.count == 38)
        let root = try #require(items[Atspi.rootPath])
        #expect(root.parentBus == registry.uniqueName && root.parent == Atspi.rootPath && root.index == -1)
        #expect(root.role == 75 && root.interfaces == [Atspi.accessible.rawValue, Atspi.application.rawValue])
        #expect(root.name == "scene-host" && root.childCount == 3)
        let windows = items.values.filter { $0.parent == Atspi.rootPath && $0.path != Atspi.rootPath }.sorted { $0.index < $1.index }
        #expect(windows.map(\.name) == ["FindView", "GestureLab", "Gallery"])
        #expect(windows.map(\.role) == [23, 23, 23], "the application's children are frames")
        let gallery = try #require(windows.last)
        let alert = try #require(items.values.first { $0.name == "Alert" })
        #expect(alert.role == 2, "the alert-level window is an alert")
        #expect(alert.parent == gallery.path && alert.index == gallery.childCount - 1, "the alert is the last child of Gallery's frame")
        for item in items.values where item.path != Atspi.rootPath {
            #expect(item.application == Atspi.rootPath)
            let child = try await probe.call(item.parent, Atspi.accessible, "GetChildAtIndex", [.int32(item.index)])
            #expect(child[0].structFields?.last?.objectPathValue == item.path, "child \(item.index) of \(item.parent)")
        }
        let blue = try #require(items[try await probe.path(ofID: "blue")])
        #expect(blue.role == 39 && blue.childCount == 0 && blue.name == "", "a view with only an identifier has no name")
        for state in [AtspiStateNumber.visible, AtspiStateNumber.showing, AtspiStateNumber.enabled, AtspiStateNumber.sensitive] {
            #expect(blue.has(state))
        }
        #expect(alert.has(AtspiStateNumber.active), "the Gallery alert is the application's key window")
        #expect(!windows[0].has(AtspiStateNumber.active))
        let button = try #require(items.values.first { $0.name == "Button" })
        #expect(button.role == 43 && button.interfaces.contains(Atspi.action.rawValue))
    }

    @Test("Bad paths, indices, coordinate types and members get D-Bus errors, and the host keeps serving", arguments: ["none", "process"])
    func badInput(isolation: String) async throws {
        let registry = try await FakeAtspiRegistry(address: daemon.address)
        let (host, probe) = try await startHost(registry, isolation: isolation)
        defer { probe.close(); registry.leave(); withExtendedLifetime(host) {} }
        let items = try await probe.items()
        let window = try #require(items.values.first { $0.name == "FindView" }).path
        let button = try #require(items.values.first { $0.name == "Button" }).path
        let unknownObject = "org.freedesktop.DBus.Error.UnknownObject", invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
        #expect(await probe.errorName("/org/a11y/atspi/accessible/999999", Atspi.accessible, "GetRole") == unknownObject)
        #expect(await probe.errorName("/org/a11y/atspi/accessible/blue", Atspi.accessible, "GetRole") == unknownObject)
        #expect(await probe.errorName("/org/a11y/atspi/accessible", Atspi.accessible, "GetRole") == unknownObject)
        #expect(await probe.errorName(Atspi.rootPath, Atspi.accessible, "GetChildAtIndex", [.int32(99)]) == invalidArgs)
        #expect(await probe.errorName(Atspi.rootPath, Atspi.accessible, "GetChildAtIndex", [.int32(-1)]) == invalidArgs)
        #expect(await probe.errorName(window, Atspi.component, "GetExtents", [.uint32(9)]) == invalidArgs)
        #expect(await probe.errorName(window, Atspi.component, "GetAccessibleAtPoint", [.int32(1), .int32(1), .uint32(3)]) == invalidArgs)
        #expect(await probe.errorName(button, Atspi.action, "DoAction", [.int32(1)]) == invalidArgs)
        #expect(await probe.errorName(button, Atspi.action, "GetName", [.int32(-5)]) == invalidArgs)
        #expect(await probe.errorName(window, Atspi.accessible, "GetChildAtIndex", [.string("0")]) == invalidArgs)
        #expect(await probe.errorName(Atspi.rootPath, Atspi.component, "GetExtents", [.uint32(0)]) == "org.freedesktop.DBus.Error.UnknownInterface")
        #expect(await probe.errorName(window, Atspi.accessible, "Explode") == "org.freedesktop.DBus.Error.UnknownMethod")
        #expect(
            await probe.errorName(window, .properties, "Get", [.string(Atspi.accessible.rawValue), .string("Colour")])
                == "org.freedesktop.DBus.Error.UnknownProperty")
        #expect(try await probe.call(Atspi.rootPath, Atspi.accessible, "GetRole") == [.uint32(75)])
        #expect(host.process.isRunning)
    }

    @Test("Properties.GetAll answers every property of Accessible, Application, Action and Value; Value sets a slider", arguments: ["none", "process"])
    func getAll(isolation: String) async throws {
        let registry = try await FakeAtspiRegistry(address: daemon.address)
        let (host, probe) = try await startHost(registry, arguments: ["--config", try manyViewsConfiguration(views: 20)], isolation: isolation)
        defer { probe.close(); registry.leave(); withExtendedLifetime(host) {} }
        func keys(_ path: ObjectPath, _ interface: InterfaceName) async throws -> Set<String> {
            let reply = try await probe.call(path, .properties, "GetAll", [.string(interface.rawValue)])
            return Set(reply[0].dictionaryEntries?.compactMap(\.key.stringValue) ?? [])
        }
        #expect(
            try await keys(Atspi.rootPath, Atspi.accessible) == ["Name", "Description", "Parent", "ChildCount", "Locale", "AccessibleId", "HelpText"])
        #expect(
            try await keys(Atspi.rootPath, Atspi.application)
                == ["ToolkitName", "Version", "ToolkitVersion", "AtspiVersion", "InterfaceVersion", "Id"])
        let grow = try await probe.path(ofID: "grow")
        #expect(try await keys(grow, Atspi.action) == ["NActions"])
        #expect(try await probe.call(grow, Atspi.action, "GetName", [.int32(0)]) == [.string("click")])
        let slider = try await probe.path(ofID: "slider")
        #expect(try await keys(slider, Atspi.value) == ["MinimumValue", "MaximumValue", "MinimumIncrement", "CurrentValue", "Text"])
        #expect(try await probe.property(slider, Atspi.value, "CurrentValue") == .double(25))
        #expect(try await probe.property(slider, Atspi.value, "MaximumValue") == .double(100))
        _ = try await probe.call(slider, .properties, "Set", [.string(Atspi.value.rawValue), .string("CurrentValue"), .variant(.double(60))])
        #expect(try await probe.property(slider, Atspi.value, "CurrentValue") == .double(60))
        #expect(
            await probe.errorName(slider, .properties, "Set", [.string(Atspi.value.rawValue), .string("CurrentValue"), .variant(.double(.nan))])
                == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(try await probe.call(slider, Atspi.accessible, "GetInterfaces") == [.stringArray([Atspi.accessible, Atspi.component, Atspi.value].map(\.rawValue))])
        let toggle = try await probe.path(ofID: "switch")
        #expect(try await probe.call(toggle, Atspi.accessible, "GetRole") == [.uint32(62)])
        let states = try await probe.call(toggle, Atspi.accessible, "GetState")[0].arrayElements?.compactMap(\.uint32Value) ?? []
        #expect(states.count == 2 && states[1] & (1 << (AtspiStateNumber.checkable - 32)) != 0 && states[0] & (1 << AtspiStateNumber.checked) == 0)
    }

    @Test("Component answers the model's hit test and the same extents in screen, window and parent coordinates", arguments: ["none", "process"])
    func component(isolation: String) async throws {
        let registry = try await FakeAtspiRegistry(address: daemon.address)
        let (host, probe) = try await startHost(registry, isolation: isolation)
        defer { probe.close(); registry.leave(); withExtendedLifetime(host) {} }
        let items = try await probe.items()
        let findView = try #require(items.values.first { $0.name == "FindView" }).path
        let blue = try await probe.path(ofID: "blue")
        let ok = try #require(items.values.first { $0.name == "OK" }).path
        func extents(_ path: ObjectPath, _ type: UInt32) async throws -> [Int32] {
            try await probe.call(path, Atspi.component, "GetExtents", [.uint32(type)])[0].structFields?.compactMap(\.int32Value) ?? []
        }
        #expect(try await extents(blue, 0) == [190, 200, 100, 100])
        #expect(try await extents(blue, 1) == [190, 200, 100, 100])
        #expect(try await extents(blue, 2) == [140, 100, 100, 100], "blue's frame in gray")
        #expect(try await extents(ok, 0) == [935, 420, 120, 44], "the Gallery alert is at (845, 300)")
        #expect(try await extents(ok, 1) == [90, 120, 120, 44])
        #expect(try await probe.call(ok, Atspi.component, "GetPosition", [.uint32(2)]) == [.int32(90), .int32(120)])
        #expect(try await probe.call(ok, Atspi.component, "GetSize") == [.int32(120), .int32(44)])
        let hit = try await probe.call(findView, Atspi.component, "GetAccessibleAtPoint", [.int32(240), .int32(250), .uint32(0)])
        #expect(hit[0].structFields?.last?.objectPathValue == blue)
        let nothing = try await probe.call(findView, Atspi.component, "GetAccessibleAtPoint", [.int32(2000), .int32(10), .uint32(0)])
        #expect(nothing[0].structFields?.last?.objectPathValue == Atspi.nullPath)
        #expect(try await probe.call(findView, Atspi.component, "Contains", [.int32(240), .int32(250), .uint32(0)]) == [.bool(true)])
        #expect(try await probe.call(blue, Atspi.component, "Contains", [.int32(10), .int32(10), .uint32(0)]) == [.bool(false)])
        #expect(try await probe.call(findView, Atspi.component, "GetLayer") == [.uint32(7)])
        #expect(try await probe.call(blue, Atspi.component, "GetLayer") == [.uint32(3)])
    }

    @Test("KB-5: DoAction(0) on the GestureLab button answers true at once, then activates it as Space does: its action is sent, with no touch", arguments: ["none", "process"])
    func click(isolation: String) async throws {
        let registry = try await FakeAtspiRegistry(address: daemon.address)
        let (host, probe) = try await startHost(registry, isolation: isolation)
        defer { probe.close(); registry.leave(); withExtendedLifetime(host) {} }
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        let button = try #require(try await probe.items().values.first { $0.name == "Button" }).path
        #expect(
            try await probe.call(button, Atspi.action, "GetActions")
                == [.array(element: "(sss)", [.structure([.string("Click"), .string("Activates the view, as Space does when it has the focus"), .string("")])])])
        #expect(try await probe.call(button, Atspi.action, "DoAction", [.int32(0)]) == [.bool(true)])
        try await client.waitForSignals("ActionSent from the button") { signals in
            signals.contains { $0.member == "ActionSent" && $0.string(2) == "buttonTapped" && $0.string(3) == "button" }
        }
        #expect(client.signals(named: "Touch").isEmpty, "a control's activation needs no touch")
        let taps = try await probe.path(ofID: "taps")
        #expect(try await probe.call(taps, Atspi.action, "DoAction", [.int32(0)]) == [.bool(true)])
        try await client.waitForSignals("a tap at the centre of the tap target") { signals in
            signals.contains { $0.member == "Touch" && $0.string(3) == "ended" && $0.string(6) == "taps" }
        }
    }

    @Test("WS-11: DoAction(0) and GrabFocus on a view of an inactive scene activate the scene first, as a click does, then act", arguments: ["none", "process"])
    func actionsActivateTheScene(isolation: String) async throws {
        let registry = try await FakeAtspiRegistry(address: daemon.address)
        let (host, probe) = try await startHost(registry, isolation: isolation)
        defer { probe.close(); registry.leave(); withExtendedLifetime(host) {} }
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        let gesturelab = SceneBusContract.scenePath("gesturelab")
        func state() async throws -> String? {
            try await client.property(gesturelab, SceneBusContract.sceneInterface, "ActivationState").stringValue
        }
        _ = try await client.scene("gesturelab", "Deactivate")
        #expect(try await state() == "foreground-inactive")
        let button = try await probe.path(ofID: "button")
        #expect(try await probe.call(button, Atspi.action, "DoAction", [.int32(0)]) == [.bool(true)])
        try await client.waitForSignals("ActionSent from the button") { signals in
            signals.contains { $0.member == "ActionSent" && $0.string(2) == "buttonTapped" && $0.string(3) == "button" }
        }
        #expect(try await state() == "foreground-active")
        _ = try await client.scene("gesturelab", "SendToBackground")
        #expect(try await probe.call(button, Atspi.component, "GrabFocus") == [.bool(true)])
        #expect(try await state() == "foreground-active")
        #expect(try await client.property(SceneBusContract.rootPath, SceneBusContract.hostInterface, "KeyWindow")
            == .objectPath(SceneBusContract.windowPath(DemoWindow.gesturelab)))
    }

    @Test("FO-1: focus in the key window, key-window and window-list changes become focus, activate/deactivate and children-changed events; a window that becomes key announces its focused view, or itself", arguments: ["none", "process"])
    func events(isolation: String) async throws {
        let registry = try await FakeAtspiRegistry(address: daemon.address)
        let (host, probe) = try await startHost(registry, isolation: isolation)
        defer { probe.close(); registry.leave(); withExtendedLifetime(host) {} }
        try await probe.listen()
        let client = try await HostBusClient(host: host, subscribe: false)
        defer { client.close() }
        let items = try await probe.items()
        let field = try await probe.path(ofID: "field")
        let findView = try #require(items.values.first { $0.name == "FindView" }).path
        let alert = try #require(items.values.first { $0.name == "Alert" }).path

        let main = try #require(items.values.first { $0.name == "Gallery" }).path
        // The field takes first responder and focus in Gallery's main window, which is not key (the
        // alert is): nothing is announced yet.
        #expect(try await client.window(DemoWindow.galleryMain, "MakeFirstResponder", [.string("field")]) == [.bool(true)])
        _ = try await client.window(DemoWindow.galleryMain, "MakeKey")
        try await eventually("main's activation and its field's focus") {
            !probe.events("Activate", from: main).isEmpty && !probe.events("Focus", from: field).isEmpty
        }
        #expect(probe.events("Deactivate", from: alert).map(\.data) == [.string("Alert")])
        #expect(probe.events("StateChanged", from: field).map { "\($0.detail)=\($0.detail1)" } == ["focused=1"])
        // The alert, key with nothing focused in it, was itself focused; its frame, main, was active
        // already (WS-12), so main's activation changes no state.
        #expect(probe.events("StateChanged", from: alert).map { "\($0.detail)=\($0.detail1)" } == ["active=0", "focused=0"])
        let order = probe.events.map { "\($0.member) \($0.path == field ? "field" : $0.path == main ? "main" : $0.path == alert ? "alert" : "other")" }
        #expect(
            order.filter { !$0.hasSuffix("other") } == [
                "Deactivate alert", "StateChanged alert", "StateChanged alert", "Activate main", "StateChanged field", "Focus field",
            ], "the focus event follows the window's activation")

        _ = try await client.window(DemoWindow.findview, "MakeKey")
        try await eventually("findview's activation and focus") { !probe.events("Focus", from: findView).isEmpty }
        // With scene processes, Gallery's deactivation comes from Gallery's process, on its own channel.
        try await eventually("Gallery's deactivation") { probe.events("StateChanged", from: field).count >= 2 }
        #expect(probe.events("Activate", from: findView).map(\.data) == [.string("FindView")])
        #expect(probe.events("StateChanged", from: findView).map { "\($0.detail)=\($0.detail1)" } == ["active=1", "focused=1"], "nothing in FindView is focused: the window is")
        #expect(probe.events("StateChanged", from: main).map { "\($0.detail)=\($0.detail1)" } == ["active=0"])
        #expect(probe.events("StateChanged", from: field).map { "\($0.detail)=\($0.detail1)" } == ["focused=1", "focused=0"])

        _ = try await client.scene("findview", "Disconnect")
        try await eventually("children-changed on the root") { !probe.events("ChildrenChanged", from: Atspi.rootPath).isEmpty }
        let removed = probe.events("ChildrenChanged", from: Atspi.rootPath)
        #expect(removed.map { "\($0.detail) \($0.detail1)" } == ["remove 0"])
        #expect(removed.first?.data.structFields?.last?.objectPathValue == findView)
        #expect(probe.events("Destroy", from: findView).count == 1)
        #expect(await probe.errorName(findView, Atspi.accessible, "GetRole") == "org.freedesktop.DBus.Error.UnknownObject")
        #expect(try await probe.property(Atspi.rootPath, Atspi.accessible, "ChildCount") == .int32(2))
    }

    @Test("SV-23: ScrollTo puts a row of GestureLab's table at the table's top, ScrollToPoint moves it back; a bad scroll type is InvalidArgs", arguments: ["none", "process"])
    func scrollTo(isolation: String) async throws {
        let registry = try await FakeAtspiRegistry(address: daemon.address)
        let (host, probe) = try await startHost(registry, isolation: isolation)
        defer { probe.close(); registry.leave(); withExtendedLifetime(host) {} }
        let items = try await probe.items()
        let table = try await probe.path(ofID: "table")
        #expect(items[table]?.role == 31, "a table view is a list (TV-12)")
        let row = try #require(items.values.first { $0.name == "Row 3" && $0.parent == table }).path
        func top(_ path: ObjectPath) async throws -> Int32 {
            try await probe.call(path, Atspi.component, "GetExtents", [.uint32(0)])[0].structFields?[1].int32Value ?? -1
        }
        let tableTop = try await top(table)
        let rowTop = try await top(row)
        #expect(rowTop > tableTop)
        #expect(try await probe.call(row, Atspi.component, "ScrollTo", [.uint32(0)]) == [.bool(true)])
        #expect(try await top(row) == tableTop, "the row's top at the table's top")
        #expect(try await probe.call(row, Atspi.component, "ScrollToPoint", [.uint32(0), .int32(0), .int32(rowTop)]) == [.bool(true)])
        #expect(try await top(row) == rowTop, "the row back where it was")
        #expect(await probe.errorName(row, Atspi.component, "ScrollTo", [.uint32(9)]) == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(try await probe.call(table, Atspi.component, "ScrollTo", [.uint32(0)]) == [.bool(false)], "no scroll view holds the table")
    }

    @Test("TV-12: GestureLab's table has its 1,000 rows as children; a row out of view is an object made when asked, named by its cell, not showing; its click scrolls it in and taps it; Selection selects from code", arguments: ["none", "process"])
    func rowsOutOfView(isolation: String) async throws {
        let registry = try await FakeAtspiRegistry(address: daemon.address)
        let (host, probe) = try await startHost(registry, isolation: isolation)
        defer { probe.close(); registry.leave(); withExtendedLifetime(host) {} }
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        let items = try await probe.items()
        let table = try await probe.path(ofID: "table")
        #expect(items[table]?.childCount == 1_000, "the cache counts every row")
        #expect(!items.values.contains { $0.name == "Row 40" }, "rows out of view are not in the cache")
        #expect(try await probe.property(table, Atspi.accessible, "ChildCount") == .int32(1_000))
        let row40 = try #require(try await probe.call(table, "org.a11y.atspi.Table", "GetAccessibleAt", [.int32(39), .int32(0)])[0].structFields?.last?.objectPathValue)
        #expect(try await probe.call(table, Atspi.accessible, "GetChildAtIndex", [.int32(39)])[0].structFields?.last?.objectPathValue == row40)
        #expect(try await probe.property(row40, Atspi.accessible, "Name") == .string("Row 40"))
        #expect(try await probe.property(row40, Atspi.accessible, "AccessibleId") == .string("table/row:0.39"))
        #expect(try await probe.property(row40, Atspi.accessible, "Parent") == .structure([.string(registry.plugs[0].bus.rawValue), .objectPath(table)]))
        #expect(try await probe.call(row40, Atspi.accessible, "GetIndexInParent") == [.int32(39)])
        #expect(try await probe.call(row40, Atspi.accessible, "GetRole") == [.uint32(32)], "a list item")
        #expect(try await probe.hasState(row40, AtspiStateNumber.visible))
        #expect(try await probe.hasState(row40, AtspiStateNumber.selectable))
        #expect(try await !probe.hasState(row40, AtspiStateNumber.showing), "out of view")
        let text: InterfaceName = "org.a11y.atspi.Text"
        #expect(try await probe.call(row40, text, "GetText", [.int32(0), .int32(-1)]) == [.string("Row 40")], "its label's text")
        #expect(
            try await probe.call(row40, text, "GetCharacterExtents", [.int32(0), .uint32(0)]) == [.int32(0), .int32(0), .int32(0), .int32(0)],
            "nothing of it is shown")
        // ScrollSubstringTo brings "Row" of Row 40 to the table's top: the row scrolls in first.
        #expect(try await probe.call(row40, text, "ScrollSubstringTo", [.int32(0), .int32(3), .uint32(0)]) == [.bool(true)])
        #expect(try await probe.hasState(row40, AtspiStateNumber.showing), "scrolled into view")
        #expect(try await probe.call(row40, text, "GetCharacterExtents", [.int32(0), .uint32(0)]) != [.int32(0), .int32(0), .int32(0), .int32(0)])
        // The switch lets the table have its taps (seed 002's fix); then the row's click selects it.
        _ = try await client.window(DemoWindow.gesturelab, "TapView", [.string("table-taps")])
        try await client.settle()
        client.clear()
        #expect(try await probe.call(row40, Atspi.action, "DoAction", [.int32(0)]) == [.bool(true)])
        try await client.waitForSignals("Row 40 selected by its click") { signals in
            signals.contains { $0.member == "Log" && "\($0.arguments)".contains("Selected Row 40") }
        }
        #expect(try await probe.hasState(row40, AtspiStateNumber.showing), "scrolled into view")
        #expect(try await probe.property(table, "org.a11y.atspi.Selection", "NSelectedChildren") == .int32(1))
        #expect(try await probe.call(table, "org.a11y.atspi.Selection", "IsChildSelected", [.int32(39)]) == [.bool(true)])
        #expect(try await probe.call(table, "org.a11y.atspi.Selection", "SelectChild", [.int32(699)]) == [.bool(true)])
        #expect(try await probe.call(table, "org.a11y.atspi.Table", "GetSelectedRows") == [.array(element: .int32, [.int32(699)])], "single selection: Row 700 replaces Row 40")
        #expect(!client.logLines(of: "gesturelab").contains("Selected Row 700"), "selection from code does not tell the delegate (TV-8)")
        #expect(await probe.errorName(table, "org.a11y.atspi.Selection", "SelectChild", [.int32(1_000)]) == "org.freedesktop.DBus.Error.InvalidArgs")
    }

    @Test("FO-3: GrabFocus on a view in a window that is not key makes the window key, then focuses the view; a view that cannot be focused answers false and changes nothing", arguments: ["none", "process"])
    func grabFocus(isolation: String) async throws {
        let registry = try await FakeAtspiRegistry(address: daemon.address)
        let (host, probe) = try await startHost(registry, isolation: isolation)
        defer { probe.close(); registry.leave(); withExtendedLifetime(host) {} }
        try await probe.listen()
        let client = try await HostBusClient(host: host, subscribe: false)
        defer { client.close() }
        let button = try await probe.path(ofID: "button"), blue = try await probe.path(ofID: "blue")
        let lab = try #require(try await probe.items().values.first { $0.name == "GestureLab" }).path
        #expect(try await probe.call(blue, Atspi.component, "GrabFocus") == [.bool(false)], "a plain view cannot be focused")
        func hostProperty(_ name: String) async throws -> BusValue {
            try await client.property(SceneBusContract.rootPath, SceneBusContract.hostInterface, name)
        }
        #expect(try await hostProperty("KeyWindow") == .objectPath(SceneBusContract.windowPath(DemoWindow.galleryAlert)), "nothing moved")
        #expect(try await probe.call(button, Atspi.component, "GrabFocus") == [.bool(true)])
        #expect(try await hostProperty("KeyWindow") == .objectPath(SceneBusContract.windowPath(DemoWindow.gesturelab)))
        try await eventually("the button's focus event") { !probe.events("Focus", from: button).isEmpty }
        #expect(probe.events("Activate", from: lab).count == 1)
        let states = try await probe.call(button, Atspi.accessible, "GetState")[0].arrayElements?.compactMap(\.uint32Value) ?? []
        #expect(states.count == 2 && states[0] & (1 << AtspiStateNumber.focused) != 0)
        #expect(try await hostProperty("FirstResponder") == .string("player"), "the focused button did not take first responder")
    }

    @Test("Text, EditableText, Table and Image refuse bad input with InvalidArgs naming the value, and nothing changes", arguments: ["none", "process"])
    func textAndTableBadInput(isolation: String) async throws {
        let registry = try await FakeAtspiRegistry(address: daemon.address)
        let (host, probe) = try await startHost(registry, isolation: isolation)
        defer { probe.close(); registry.leave(); withExtendedLifetime(host) {} }
        let field = try await probe.path(ofID: "field"), table = try await probe.path(ofID: "table"), logo = try await probe.path(ofID: "logo")
        let text: InterfaceName = "org.a11y.atspi.Text", editable: InterfaceName = "org.a11y.atspi.EditableText"
        _ = try await probe.call(field, editable, "SetTextContents", [.string("abc")])
        func refusal(_ path: ObjectPath, _ interface: InterfaceName, _ member: MemberName, _ arguments: [BusValue]) async -> String {
            do {
                _ = try await probe.call(path, interface, member, arguments)
                return "accepted"
            } catch let error as BusError {
                return "\(error.name.rawValue): \(error.message)"
            } catch {
                return "\(error)"
            }
        }
        let invalid = "org.freedesktop.DBus.Error.InvalidArgs"
        #expect(await refusal(field, text, "GetTextAtOffset", [.int32(0), .uint32(9)]).hasPrefix("\(invalid): text boundary type 9"))
        #expect(await refusal(field, text, "GetStringAtOffset", [.int32(7), .uint32(1)]).hasPrefix("\(invalid): offset 7 is outside"))
        #expect(await refusal(field, text, "GetCharacterExtents", [.int32(0), .uint32(5)]).hasPrefix(invalid))
        #expect(await refusal(field, text, "GetSelection", [.int32(1)]).contains("selection 1 does not exist"))
        #expect(try await probe.call(field, text, "GetSelection", [.int32(0)]) == [.int32(3), .int32(3)], "the empty selection at the caret")
        #expect(await refusal(field, editable, "DeleteText", [.int32(-2), .int32(1)]).contains("-2"))
        #expect(await refusal(field, editable, "InsertText", [.int32(0), .string("x\u{FFFE}"), .int32(-1)]).contains("U+FFFE"))
        #expect(await refusal(table, "org.a11y.atspi.Table", "GetAccessibleAt", [.int32(1_000), .int32(0)]).contains("cell (1000, 0) is outside the table table (1000 rows, 1 column)"))
        #expect(await refusal(table, "org.a11y.atspi.Table", "GetRowAtIndex", [.int32(-1)]).hasPrefix(invalid))
        #expect(await refusal(logo, "org.a11y.atspi.Image", "GetImageExtents", [.uint32(3)]).hasPrefix(invalid))
        #expect(try await probe.call(field, text, "GetText", [.int32(0), .int32(-1)]) == [.string("abc")], "nothing changed")
        #expect(try await probe.property(field, text, "CaretOffset") == .int32(3))
        #expect(try await probe.property(table, "org.a11y.atspi.Table", "NRows") == .int32(1_000))
        #expect(try await probe.property(logo, "org.a11y.atspi.Image", "ImageDescription") == .string("Gallery logo"))
    }

    @Test("read-only input policy: EditableText, the caret and scrolling (SV-23) are refused with AccessDenied, nothing changes, and Text, Table and Image are read", arguments: ["none", "process"])
    func readOnlyText(isolation: String) async throws {
        let registry = try await FakeAtspiRegistry(address: daemon.address)
        let (host, probe) = try await startHost(registry, arguments: ["--input-policy", "read-only"], isolation: isolation)
        defer { probe.close(); registry.leave(); withExtendedLifetime(host) {} }
        let field = try await probe.path(ofID: "field"), table = try await probe.path(ofID: "table")
        let text: InterfaceName = "org.a11y.atspi.Text", editable: InterfaceName = "org.a11y.atspi.EditableText"
        let denied = "org.freedesktop.DBus.Error.AccessDenied"
        #expect(await probe.errorName(field, editable, "InsertText", [.int32(0), .string("x"), .int32(-1)]) == denied)
        #expect(await probe.errorName(field, editable, "SetTextContents", [.string("x")]) == denied)
        #expect(await probe.errorName(field, editable, "PasteText", [.int32(0)]) == denied)
        #expect(await probe.errorName(field, text, "SetCaretOffset", [.int32(0)]) == denied)
        #expect(await probe.errorName(table, "org.a11y.atspi.Table", "AddRowSelection", [.int32(0)]) == denied)
        let row = try #require(try await probe.items().values.first { $0.name == "Row 3" && $0.parent == table }).path
        #expect(await probe.errorName(row, Atspi.component, "ScrollTo", [.uint32(0)]) == denied)
        #expect(await probe.errorName(row, Atspi.component, "ScrollToPoint", [.uint32(0), .int32(0), .int32(0)]) == denied)
        #expect(try await probe.call(field, text, "GetText", [.int32(0), .int32(-1)]) == [.string("")], "nothing was typed")
        #expect(try await probe.property(table, "org.a11y.atspi.Table", "NRows") == .int32(1_000))
        #expect(try await probe.property(try await probe.path(ofID: "logo"), "org.a11y.atspi.Image", "ImageDescription") == .string("Gallery logo"))
    }

    @Test(
        "input-allowed-executables: a click through AT-SPI from a process not listed is refused naming its executable, and reading still works; the same when the scene process serves the object, which the host identifies the caller for",
        arguments: ["none", "process"])
    func allowedExecutables(isolation: String) async throws {
        let scenectl = buildFolder() + "/scenectl"
        let yaml = DefaultScenes.demoTrioYAML.replacingOccurrences(
            of: "input-allowed-executables: []", with: "input-allowed-executables: [\"\(scenectl)\"]")
        #expect(yaml != DefaultScenes.demoTrioYAML, "the embedded default names input-allowed-executables")
        let config = try temporaryFile("atspi-allowed-\(isolation).yaml", yaml)
        let registry = try await FakeAtspiRegistry(address: daemon.address)
        let (host, probe) = try await startHost(registry, arguments: ["--config", config], isolation: isolation)
        defer { probe.close(); registry.leave(); withExtendedLifetime(host) {} }
        let button = try await probe.path(ofID: "button")
        let ownExecutable = try #require(try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        do {
            _ = try await probe.call(button, Atspi.action, "DoAction", [.int32(0)])
            Issue.record("a caller not in input-allowed-executables clicked the button")
        } catch let error as BusError {
            #expect(error.name.rawValue == "org.freedesktop.DBus.Error.AccessDenied", "\(error)")
            #expect(error.message.contains("runs \(ownExecutable)") && error.message.contains("not in input-allowed-executables"), "\(error.message)")
        }
        #expect(try await probe.call(button, Atspi.accessible, "GetRole") == [.uint32(43)], "reading is not refused")
    }

    @Test("A view added under a known parent and a renamed label are announced: children-changed add and accessible-name", arguments: ["none", "process"])
    func viewEvents(isolation: String) async throws {
        let registry = try await FakeAtspiRegistry(address: daemon.address)
        let (host, probe) = try await startHost(registry, arguments: ["--config", try manyViewsConfiguration(views: 20)], isolation: isolation)
        defer { probe.close(); registry.leave(); withExtendedLifetime(host) {} }
        try await probe.listen()
        let log = try await probe.path(ofID: "log"), status = try await probe.path(ofID: "status"), grow = try await probe.path(ofID: "grow")
        #expect(try await probe.property(status, Atspi.accessible, "Name") == .string("ready"))
        #expect(try await probe.call(grow, Atspi.action, "DoAction", [.int32(0)]) == [.bool(true)])
        try await eventually("the events of the grow button's tap") {
            !probe.events("ChildrenChanged", from: log).isEmpty && !probe.events("PropertyChange", from: status).isEmpty
        }
        let added = probe.events("ChildrenChanged", from: log)
        #expect(added.map { "\($0.detail) \($0.detail1)" } == ["add 0"])
        let entry = try #require(added.first?.data.structFields?.last?.objectPathValue)
        #expect(try await probe.property(entry, Atspi.accessible, "AccessibleId") == .string("entry-1"))
        #expect(probe.events("PropertyChange", from: status).map { "\($0.detail)=\($0.data)" } == ["accessible-name=\(BusValue.string("grew 1"))"])
        #expect(try await probe.property(log, Atspi.accessible, "ChildCount") == .int32(1))
    }

    @Test("With every scene in a process of its own, a scene whose process crashes (a click through AT-SPI) is replaced among the root's children by its placeholder window, which names it; its objects are UnknownObject, the other scene's answer, and the restarted process's windows replace the placeholder")
    func crashedSceneProcess() async throws {
        let config = try temporaryFile(
            "atspi-crash.yaml",
            "isolation:\n  mode: process\n\(SanitizedRun.isolationTimeouts)\nscenes:\n  - name: findview\n    plugin: FindView\n    frame: [0, 0, 390, 844]\n"
                + "  - name: crashy\n    plugin: FixtureCrashInHandler\n    frame: [400, 0, 390, 844]\n    options:\n      crash: abort\n")
        let registry = try await FakeAtspiRegistry(address: daemon.address)
        let (host, probe) = try await startHost(registry, arguments: ["--config", config], isolation: "process")
        defer { probe.close(); registry.leave(); withExtendedLifetime(host) {} }
        try await probe.listen()
        let before = try await probe.children(of: Atspi.rootPath)
        #expect(before.count == 2 && before.allSatisfy { $0.rawValue.contains("/p") && $0.rawValue.hasSuffix("/w0") }, "\(before)")
        let items = try await probe.items()
        let crash = try #require(items.values.first { $0.name.hasPrefix("Crash (") }).path
        #expect(try await probe.call(crash, Atspi.action, "DoAction", [.int32(0)]) == [.bool(true)])
        try await eventually("the crashed scene's window replaced among the root's children") {
            probe.events("ChildrenChanged", from: Atspi.rootPath).contains { $0.detail == "add" && $0.detail1 == 1 }
        }
        let changes = probe.events("ChildrenChanged", from: Atspi.rootPath).prefix(2)
        #expect(changes.map { "\($0.detail) \($0.detail1)" } == ["remove 1", "add 1"])
        #expect(changes.first?.data.structFields?.last?.objectPathValue == before[1])
        let placeholder = try #require(changes.last?.data.structFields?.last?.objectPathValue)
        #expect(!placeholder.rawValue.contains("/p"), "the host's own window: \(placeholder)")
        #expect(try await probe.children(of: Atspi.rootPath) == [before[0], placeholder])
        // The placeholder says which scene and plugin crashed.
        let said = try await probe.childNames(of: placeholder)
        #expect(said.contains { $0.contains("crashy (FixtureCrashInHandler) crashed: killed by signal 6 (SIGABRT)") }, "\(said)")
        #expect(await probe.errorName(crash, Atspi.accessible, "GetRole") == "org.freedesktop.DBus.Error.UnknownObject")
        #expect(try await probe.call(before[0], Atspi.accessible, "GetRole") == [.uint32(23)], "FindView's process answers")
        // Restarted (with backoff), its new process's window replaces the placeholder.
        try await eventually("the restarted scene process's window among the root's children", timeout: 60) {
            probe.events("ChildrenChanged", from: Atspi.rootPath).contains { $0.detail == "add" && $0.data.structFields?.last?.objectPathValue?.rawValue.contains("/p") == true }
        }
        let after = try await probe.children(of: Atspi.rootPath)
        #expect(after.count == 2 && after[1].rawValue.contains("/p") && after[1] != before[1], "\(after)")
        #expect(try await probe.call(after[1], Atspi.accessible, "GetRole") == [.uint32(23)])
    }

    @Test("With every scene in a process of its own, a scene whose process hangs (a click through AT-SPI) fails calls to its objects with SceneNotResponding at its timeout and is replaced among the root's children by its stand-in's window, which says so, until it answers again")
    func hungSceneProcess() async throws {
        let timeout = Int(SanitizedRun.seconds(2))
        let config = try temporaryFile(
            "atspi-hang.yaml",
            "isolation:\n  mode: process\n  response-timeout: \(timeout)\n  start-timeout: \(Int(SanitizedRun.seconds(60)))\nscenes:\n"
                + "  - name: findview\n    plugin: FindView\n    frame: [0, 0, 390, 844]\n"
                + "  - name: hanging\n    plugin: FixtureHangInHandler\n    frame: [400, 0, 390, 844]\n    options:\n      hang-seconds: \"\(timeout * 3)\"\n")
        let registry = try await FakeAtspiRegistry(address: daemon.address)
        let (host, probe) = try await startHost(registry, arguments: ["--config", config], isolation: "process")
        defer { probe.close(); registry.leave(); withExtendedLifetime(host) {} }
        try await probe.listen()
        let before = try await probe.children(of: Atspi.rootPath)
        let hang = try await probe.path(ofID: "hang")
        #expect(try await probe.call(hang, Atspi.action, "DoAction", [.int32(0)]) == [.bool(true)])
        #expect(await probe.errorName(hang, Atspi.accessible, "GetRole") == "org.scenehost.Error.SceneNotResponding")
        try await eventually("the hung scene's window replaced by its stand-in's") {
            probe.events("ChildrenChanged", from: Atspi.rootPath).contains { $0.detail == "add" && $0.detail1 == 1 }
        }
        let standIn = try #require(probe.events("ChildrenChanged", from: Atspi.rootPath).first { $0.detail == "add" }?.data.structFields?.last?.objectPathValue)
        #expect(!standIn.rawValue.contains("/p"), "\(standIn)")
        let said = try await probe.childNames(of: standIn)
        #expect(said.contains { $0.contains("hanging (FixtureHangInHandler) is not responding") }, "\(said)")
        #expect(try await probe.call(before[0], Atspi.accessible, "GetRole") == [.uint32(23)], "FindView's process answers meanwhile")
        // Its handler returns: the next call to its objects is answered, and its own window is back.
        let deadline = ContinuousClock.now + .seconds(60)
        while await probe.errorName(hang, Atspi.accessible, "GetRole") != nil, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(200))
        }
        #expect(try await probe.call(hang, Atspi.accessible, "GetRole") == [.uint32(43)])
        try await eventually("the scene process's window back among the root's children") {
            probe.events("ChildrenChanged", from: Atspi.rootPath).filter { $0.detail == "add" }.count >= 2
        }
        #expect(try await probe.children(of: Atspi.rootPath) == before)
    }
}
