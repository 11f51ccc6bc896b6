import DBusKit
import Foundation
import FoundationXML
import Glibc
import SceneBusContract
import TestProcesses
import Testing

/// The W3C WebDriver endpoint (`--webdriver`) against the real scene-host, over HTTP.
@MainActor
@Suite("The WebDriver endpoint against the real scene-host", .serialized)
struct WebDriverEndpointTests {
    @Test("Status, sessions at / and /wd/hub, capabilities echoed with the scene; a deleted session's id is refused; bad capabilities name themselves")
    func sessions() async throws {
        let driver = try await WebDriverProcess.start(toolkitOnly: true)
        let status = try await driver.send("GET", "/status")
        #expect(status.status == 200)
        #expect(status.object["ready"] as? Bool == true)
        let session = try await driver.session(scene: "toolkit")
        #expect(session.hasPrefix("scenehost-"))
        let listed = try await driver.send("GET", "/wd/hub/sessions")
        #expect((listed.value as? [[String: Any]])?.compactMap { $0["id"] as? String } == [session])
        let appium = try await driver.send("GET", "/appium/sessions")
        let capabilities = (appium.value as? [[String: Any]])?.first?["capabilities"] as? [String: Any]
        #expect(capabilities?["appium:scene"] as? String == "toolkit")
        #expect(capabilities?["appium:clock"] as? String == "virtual")
        #expect(capabilities?["platformName"] as? String == "SceneHost")
        #expect(try await driver.send("DELETE", "/session/\(session)").status == 200)
        let gone = try await driver.send("GET", "/session/\(session)/source")
        #expect(gone.status == 404)
        #expect(gone.error == "invalid session id")
        #expect(gone.message.contains("no session '\(session)'"), "\(gone)")

        let platform = try await driver.send("POST", "/session", "{\"capabilities\": {\"alwaysMatch\": {\"platformName\": \"iOS\"}}}")
        #expect(platform.status == 500)
        #expect(platform.error == "session not created")
        #expect(platform.message.contains("platformName \"iOS\" is not served here"), "\(platform)")
        let scene = try await driver.send("POST", "/session", "{\"capabilities\": {\"alwaysMatch\": {\"appium:scene\": \"nope\"}}}")
        #expect(scene.error == "session not created")
        #expect(scene.message.contains("appium:scene \"nope\" names no connected scene; the scenes are toolkit"), "\(scene)")
    }

    @Test("The page source is XML with geometry, names and actionability on every element, in the scene's coordinates", arguments: [false, true])
    func pageSource(isolated: Bool) async throws {
        let driver = try await WebDriverProcess.start(isolated: isolated)
        let session = try await driver.session(scene: "toolkit")
        let source = try await driver.send("GET", "/session/\(session)/source").string
        let document = try XMLDocument(xmlString: source)
        let elements = try document.nodes(forXPath: "//*").compactMap { $0 as? XMLElement }
        #expect(elements.count > 15)
        let required = ["type", "name", "label", "value", "identifier", "enabled", "visible", "hittable", "x", "y", "width", "height", "bounds"]
        for element in elements {
            let names = Set((element.attributes ?? []).compactMap(\.name))
            #expect(required.allSatisfy(names.contains), "\(element.name ?? "?") lacks \(required.filter { !names.contains($0) })")
        }
        func element(_ identifier: String) -> XMLElement? {
            elements.first { $0.attribute(forName: "identifier")?.stringValue == identifier }
        }
        func attribute(_ identifier: String, _ name: String) -> String? {
            element(identifier)?.attribute(forName: name)?.stringValue
        }
        #expect(document.rootElement()?.name == "WindowScene")
        #expect(element("covered")?.name == "Button")
        #expect(attribute("covered", "bounds") == "[210,250][370,294]")
        #expect(attribute("covered", "label") == "Covered")
        #expect(attribute("covered", "visible") == "true")
        #expect(attribute("covered", "hittable") == "false", "the cover takes its touches")
        #expect(attribute("cover", "hittable") == "true")
        #expect(attribute("ghost", "visible") == "false")
        #expect(attribute("disabled", "enabled") == "false")
        #expect(attribute("row-2", "hittable") == "true", "a label takes no touches: a finger there lands on the list behind it")
        #expect(attribute("row-2", "y") == "524")
        // The same source for another scene is in that scene's coordinates, though it sits at x 400 on the screen.
        let findview = try await driver.session(scene: "findview")
        let blue = try XMLDocument(xmlString: try await driver.send("GET", "/session/\(findview)/source").string)
        let node = try blue.nodes(forXPath: "//BlueView").first as? XMLElement
        #expect(node?.attribute(forName: "x")?.stringValue == "190")
        #expect(node?.attribute(forName: "screenX")?.stringValue == "590")
    }

    @Test("Locators: accessibility id, id, name, class name, a host selector and XPath 1.0 (libxml2) find the same views; finds from an element stay inside it", arguments: [false, true])
    func locators(isolated: Bool) async throws {
        let driver = try await WebDriverProcess.start(toolkitOnly: true, isolated: isolated)
        let session = try await driver.session(scene: "toolkit")
        let target = try await driver.find(session, "accessibility id", "target")
        #expect(!target.isEmpty)
        #expect(try await driver.find(session, "id", "target") == target)
        #expect(try await driver.find(session, "name", "target") == target)
        #expect(try await driver.find(session, "-scenehost selector", "Button[title=\"Target\"]") == target)
        #expect(try await driver.find(session, "xpath", "//Button[@label='Target']") == target)
        #expect(try await driver.find(session, "css selector", "[id=\"target\"]") == target)
        let twins = try await driver.send("POST", "/session/\(session)/elements", WebDriverProcess.locator("xpath", "//Label[@label='Twin']"))
        #expect((twins.value as? [Any])?.count == 2)
        // An XPath that reads actionability gets it (the covered and the disabled button are shown but cannot be tapped).
        let untappable = try await driver.send("POST", "/session/\(session)/elements", WebDriverProcess.locator("xpath", "//Button[@visible='true' and @hittable='false']"))
        #expect((untappable.value as? [Any])?.count == 2, "\(untappable)")
        let buttons = try await driver.send("POST", "/session/\(session)/elements", WebDriverProcess.locator("class name", "Button"))
        #expect((buttons.value as? [Any])?.count == 6)
        let list = try await driver.find(session, "accessibility id", "list")
        let rows = try await driver.send("POST", "/session/\(session)/element/\(list)/elements", WebDriverProcess.locator("xpath", ".//Label"))
        #expect((rows.value as? [[String: Any]])?.count == 3)
        let inside = try await driver.send("POST", "/session/\(session)/element/\(list)/elements", WebDriverProcess.locator("class name", "Button"))
        #expect((inside.value as? [Any])?.isEmpty == true)
        let text = try await driver.send("GET", "/session/\(session)/element/\(target)/text")
        #expect(text.string == "Target")
        let rect = try await driver.send("GET", "/session/\(session)/element/\(target)/rect")
        #expect(rect.object["x"] as? Double == 20 && rect.object["width"] as? Double == 120, "\(rect)")
        #expect(try await driver.send("GET", "/session/\(session)/element/\(target)/attribute/hittable").string == "true")
        #expect(try await driver.send("GET", "/session/\(session)/element/\(target)/attribute/nonsense").value == nil)
    }

    @Test("Element click taps through the real hit test; a covered view answers element click intercepted naming the cover and nothing is delivered; hidden and disabled ones are not interactable", arguments: [false, true])
    func click(isolated: Bool) async throws {
        let driver = try await WebDriverProcess.start(toolkitOnly: true, isolated: isolated)
        let client = try await HostBusClient(host: driver.host)
        defer { client.close() }
        let session = try await driver.session(scene: "toolkit")
        let target = try await driver.find(session, "accessibility id", "target")
        #expect(try await driver.send("POST", "/session/\(session)/element/\(target)/click", "{}").status == 200)
        try await client.waitForSignals("the target's tap") { _ in client.logLines(of: "toolkit").contains("target tapped") }
        #expect(client.signals(named: "Touch").first?.string(6) == "target")

        _ = try await client.settle()
        client.clear()
        let covered = try await driver.find(session, "accessibility id", "covered")
        let intercepted = try await driver.send("POST", "/session/\(session)/element/\(covered)/click", "{}")
        #expect(intercepted.status == 400)
        #expect(intercepted.error == "element click intercepted")
        #expect(intercepted.message.contains("element 'covered'"), "\(intercepted)")
        #expect(intercepted.message.contains("would go to 'cover'"), "\(intercepted)")
        #expect(intercepted.message.contains("(290, 272 in its window)"), "\(intercepted)")
        _ = try await client.settle()
        #expect(client.signals(named: "Touch").isEmpty, "nothing was delivered: \(client.signals)")

        for (identifier, reason) in [("ghost", "is not visible"), ("disabled", "is not enabled")] {
            let id = try await driver.find(session, "accessibility id", identifier)
            let answer = try await driver.send("POST", "/session/\(session)/element/\(id)/click", "{}")
            #expect(answer.status == 400)
            #expect(answer.error == "element not interactable")
            #expect(answer.message.contains(reason), "\(answer)")
        }
    }

    @Test("An implicit wait is answered when the tree changes: the target moved by 'Later' is found once the virtual clock passes its 0.3 s", arguments: [false, true])
    func implicitWait(isolated: Bool) async throws {
        let driver = try await WebDriverProcess.start(toolkitOnly: true, logLevel: "debug", isolated: isolated)
        let session = try await driver.session(scene: "toolkit", implicitMilliseconds: 30_000)
        let later = try await driver.find(session, "accessibility id", "later")
        #expect(try await driver.send("POST", "/session/\(session)/element/\(later)/click", "{}").status == 200)
        let moved = "//Button[@identifier='target' and @x='250' and @y='400']"
        async let found = driver.send("POST", "/session/\(session)/element", WebDriverProcess.locator("xpath", moved))
        // The find is waiting (the host says so once its condition is registered, and the clock has
        // not moved): only then is the clock moved, which moves the target.
        #expect(await driver.host.line(containing: "webdriver: find waiting"), "the find never waited: \(driver.host.log.suffix(5))")
        let advance = try await driver.send("POST", "/session/\(session)/execute/sync", "{\"script\": \"mobile: advanceClock\", \"args\": [{\"seconds\": 0.3}]}")
        #expect(advance.status == 200, "\(advance)")
        let answer = try await found
        #expect(answer.status == 200, "\(answer) \(driver.host.log.suffix(40).joined(separator: "\n"))")
        #expect(answer.elementID == (try await driver.find(session, "accessibility id", "target")))

        #expect(try await driver.send("POST", "/session/\(session)/timeouts", "{\"implicit\": 0}").status == 200)
        let none = try await driver.send("POST", "/session/\(session)/elements", WebDriverProcess.locator("accessibility id", "nope"))
        #expect((none.value as? [Any])?.isEmpty == true)
    }

    @Test("The host is ready only once WebDriver listens; a port already taken stops the start, naming the address and why")
    func listensBeforeReady() async throws {
        let first = try await WebDriverProcess.start(toolkitOnly: true)
        #expect(await first.host.line(containing: "host ready"))
        let log = first.host.log
        let listening = log.firstIndex { $0.contains("webdriver: listening on http://127.0.0.1:\(first.port)") }
        let ready = log.firstIndex { $0.contains("host ready") }
        #expect(listening != nil && ready != nil && listening! < ready!, "\(log.suffix(8))")

        let configuration = try ToolkitHost.configuration(clock: "virtual", toolkitOnly: true)
        let second = try HostProcess(arguments: ["--config", configuration, "--webdriver", "127.0.0.1:\(first.port)"])
        #expect(await second.exitStatus() == 1, "\(second.log.suffix(5))")
        #expect(second.log.contains { $0.contains("--webdriver: cannot listen on 127.0.0.1:\(first.port)") }, "\(second.log.suffix(5))")
        #expect(!second.log.contains { $0.contains("host ready") })
    }

    @Test("With 256 connections open and quiet, a new client is served: the connection quiet longest is closed for it, the others stay, and the log says so")
    func fullServerClosesTheQuietest() async throws {
        let driver = try await WebDriverProcess.start(toolkitOnly: true)
        let port = driver.port
        // Each of the 256 is answered once (so the host holds every one), in order: the first is then
        // the one quiet longest.
        let open = try await offPool { () throws -> [Int32] in
            var sockets: [Int32] = []
            for _ in 0..<256 {
                let socket = try RawHTTP.connect(port: port)
                sockets.append(socket)
                guard try RawHTTP.exchange(socket, "GET /status HTTP/1.1\r\nHost: x\r\n\r\n").hasPrefix("HTTP/1.1 200") else {
                    throw RawHTTP.Failure(description: "connection \(sockets.count) was not answered")
                }
            }
            return sockets
        }
        defer { open.forEach { close($0) } }
        let (newcomer, firstEnded, secondAnswer) = try await offPool { () throws -> (String, Bool, String) in
            let socket = try RawHTTP.connect(port: port)
            defer { close(socket) }
            let answer = try RawHTTP.exchange(socket, "GET /status HTTP/1.1\r\nHost: x\r\n\r\n")
            return (answer, RawHTTP.readsEndOfStream(open[0]), try RawHTTP.exchange(open[1], "GET /status HTTP/1.1\r\nHost: x\r\n\r\n"))
        }
        #expect(newcomer.hasPrefix("HTTP/1.1 200"), "\(newcomer.prefix(80))")
        #expect(firstEnded, "the connection quiet longest was closed")
        #expect(secondAnswer.hasPrefix("HTTP/1.1 200"), "the others stay open")
        #expect(await driver.host.line(containing: "webdriver: 256 connections are open; closing the one quiet longest"))
    }

    @Test("A view whose scene was disconnected answers stale element reference")
    func staleElement() async throws {
        let driver = try await WebDriverProcess.start()
        let client = try await HostBusClient(host: driver.host, subscribe: false)
        defer { client.close() }
        let session = try await driver.session(scene: "findview")
        let blue = try await driver.find(session, "accessibility id", "blue")
        #expect(try await driver.send("GET", "/session/\(session)/element/\(blue)/rect").status == 200)
        _ = try await client.scene("findview", "Disconnect")
        let stale = try await driver.send("GET", "/session/\(session)/element/\(blue)/rect")
        #expect(stale.status == 404)
        #expect(stale.error == "stale element reference")
        #expect(stale.message.contains("element '\(blue)' is stale"), "\(stale)")
        let window = try await driver.send("GET", "/session/\(session)/source")
        #expect(window.error == "no such window")
        #expect(window.message.contains("scene 'findview', is no longer connected"), "\(window)")
    }

    // Already one parameterized test; its argument rows are alike in shape (`duplicates` pairs them).
    @Test("Bad input answers the W3C code, its HTTP status and a message naming the bad value", arguments: [
        ("GET", "/nowhere", nil, 404, "unknown command", "GET /nowhere"),
        ("DELETE", "/status", nil, 405, "unknown method", "/status does not take DELETE; it takes GET"),
        ("POST", "/session/$S/element", "{\"using\": ", 400, "invalid argument", "not valid JSON"),
        ("POST", "/session/$S/element", "[1]", 400, "invalid argument", "must be a JSON object, not an array"),
        ("POST", "/session/$S/element", "{\"value\": \"x\"}", 400, "invalid argument", "the body has no 'using'"),
        ("POST", "/session/$S/element", "{\"using\": \"-ios predicate string\", \"value\": \"x\"}", 400, "invalid selector", "'-ios predicate string' is not one SceneHost has"),
        ("POST", "/session/$S/element", "{\"using\": \"xpath\", \"value\": \"//Button[\"}", 400, "invalid selector", "XPath '//Button[' is not valid XPath 1.0"),
        ("POST", "/session/$S/element", "{\"using\": \"xpath\", \"value\": \"count(//Button)\"}", 400, "invalid selector", "evaluates to the number 6, not elements"),
        ("POST", "/session/$S/element", "{\"using\": \"-scenehost selector\", \"value\": \"Button[[\"}", 400, "invalid selector", "selector 'scene=toolkit Button[['"),
        ("POST", "/session/$S/element", "{\"using\": \"accessibility id\", \"value\": \"nope\"}", 404, "no such element", "no element matches accessibility id 'nope' in scene 'toolkit'"),
        ("GET", "/session/$S/element/view-999999/rect", nil, 404, "no such element", "no element has the id 'view-999999'"),
        ("POST", "/session/$S/timeouts", "{\"implicit\": -1}", 400, "invalid argument", "body.implicit -1 must be a number of milliseconds"),
        ("POST", "/session/$S/timeouts", "{\"type\": \"implicitly\", \"ms\": 10}", 400, "invalid argument", "timeout type \"implicitly\" is not one of"),
        ("POST", "/session", "{\"capabilities\": {\"alwaysMatch\": 5}}", 400, "invalid argument", "capabilities.alwaysMatch 5 must be an object"),
        ("POST", "/session/$S/window", "{\"handle\": \"nope\"}", 404, "no such window", "no window has the handle 'nope'"),
        ("POST", "/session/$S/execute/sync", "{\"script\": \"return 1\", \"args\": []}", 500, "unsupported operation", "'return 1' is not a script SceneHost runs"),
        ("POST", "/session/$S/execute/sync", "{\"script\": \"mobile: tap\", \"args\": [{\"x\": \"a\"}]}", 400, "invalid argument", "mobile: tap: 'x' \"a\" must be a number"),
        ("POST", "/session/$S/actions", "{\"actions\": [{\"type\": \"pointer\", \"id\": \"f\", \"actions\": [{\"type\": \"pointerDown\"}]}]}", 400, "invalid argument", "pointer 'f' is still down"),
        ("POST", "/session/$S/actions", "{\"actions\": [{\"type\": \"pointer\", \"id\": \"f\", \"actions\": [{\"type\": \"pointerMove\", \"origin\": {\"element-6066-11e4-a52e-4f735466cecf\": \"nope\"}}]}]}", 404, "no such element", "no visible view 'nope' in scene 'toolkit'"),
    ] as [(String, String, String?, Int, String, String)])
    func badInput(method: String, path: String, body: String?, status: Int, error: String, message: String) async throws {
        let driver = try await WebDriverProcess.start(toolkitOnly: true)
        let session = try await driver.session(scene: "toolkit")
        let answer = try await driver.send(method, path.replacingOccurrences(of: "$S", with: session), body)
        #expect(answer.status == status, "\(answer)")
        #expect(answer.error == error, "\(answer)")
        #expect(answer.message.contains(message), "\(answer)")
    }

    @Test("With input: read-only every route that injects input answers unsupported operation naming the policy; reading ones are served")
    func readOnlyPolicy() async throws {
        let driver = try await WebDriverProcess.start(toolkitOnly: true, extra: ["--input-policy", "read-only"])
        let session = try await driver.session(scene: "toolkit")
        let target = try await driver.find(session, "accessibility id", "target")
        #expect(!target.isEmpty)
        #expect(try await driver.send("GET", "/session/\(session)/source").status == 200)
        let tap = "{\"actions\": [{\"type\": \"pointer\", \"id\": \"f\", \"actions\": [{\"type\": \"pointerDown\"}, {\"type\": \"pointerUp\"}]}]}"
        for (path, body) in [
            ("/element/\(target)/click", "{}"), ("/element/\(target)/value", "{\"text\": \"x\"}"), ("/element/\(target)/clear", "{}"),
            ("/actions", tap), ("/execute/sync", "{\"script\": \"mobile: tap\", \"args\": [{\"x\": 1, \"y\": 1}]}"),
        ] {
            let answer = try await driver.send("POST", "/session/\(session)\(path)", body)
            #expect(answer.status == 500, "\(path): \(answer)")
            #expect(answer.error == "unsupported operation", "\(path): \(answer)")
            #expect(answer.message.contains("input policy is read-only"), "\(path): \(answer)")
        }
    }

    @Test("W3C actions: a mouse pointer is a finger; two touch pointers pinch GestureLab's canvas on the virtual clock")
    func actions() async throws {
        let driver = try await WebDriverProcess.start()
        let client = try await HostBusClient(host: driver.host)
        defer { client.close() }
        let findview = try await driver.session(scene: "findview")
        let mouse = "{\"actions\": [{\"type\": \"pointer\", \"id\": \"mouse\", \"actions\": [{\"type\": \"pointerMove\", \"x\": 240, \"y\": 250}, {\"type\": \"pointerDown\", \"button\": 0}, {\"type\": \"pause\", \"duration\": 50}, {\"type\": \"pointerUp\", \"button\": 0}]}]}"
        #expect(try await driver.send("POST", "/session/\(findview)/actions", mouse).status == 200)
        try await client.waitForSignals("the mouse's touch") { signals in signals.contains { $0.member == "Touch" && $0.string(3) == "ended" } }
        #expect(client.signals(named: "Touch").first?.string(6) == "blue")

        let gesturelab = try await driver.session(scene: "gesturelab")
        func finger(_ id: String, _ from: Int, _ to: Int) -> String {
            "{\"type\": \"pointer\", \"id\": \"\(id)\", \"parameters\": {\"pointerType\": \"touch\"}, \"actions\": [{\"type\": \"pointerMove\", \"x\": \(from), \"y\": 670}, {\"type\": \"pointerDown\"}, {\"type\": \"pause\", \"duration\": 100}, {\"type\": \"pointerMove\", \"duration\": 500, \"x\": \(to), \"y\": 670}, {\"type\": \"pointerUp\"}]}"
        }
        let pinch = "{\"actions\": [\(finger("finger1", 165, 95)), \(finger("finger2", 225, 295))]}"
        #expect(try await driver.send("POST", "/session/\(gesturelab)/actions", pinch).status == 200)
        try await client.waitForSignals("the pinch's end") { _ in client.logLines(of: "gesturelab").contains("pinch ended scale=3.3333") }
        #expect(try await driver.send("DELETE", "/session/\(gesturelab)/actions").status == 200)
    }

    @Test("Send keys focuses Gallery's field and types, Enter included; clear empties it; the screenshot is a PNG of the scene's size, an element's of its own", arguments: [false, true])
    func keysAndScreenshots(isolated: Bool) async throws {
        let driver = try await WebDriverProcess.start(isolated: isolated)
        let client = try await HostBusClient(host: driver.host)
        defer { client.close() }
        let session = try await driver.session(scene: "gallery")
        // The alert window is on top at first; OK hides it.
        let ok = try await driver.find(session, "accessibility id", "ok")
        #expect(try await driver.send("POST", "/session/\(session)/element/\(ok)/click", "{}").status == 200)
        let field = try await driver.find(session, "accessibility id", "field")
        #expect(try await driver.send("POST", "/session/\(session)/element/\(field)/value", "{\"text\": \"Hi there\\uE007\"}").status == 200)
        try await client.waitForSignals("the field's return") { _ in client.logLines(of: "gallery").contains("field return: Hi there") }
        #expect(try await driver.send("GET", "/session/\(session)/element/\(field)/text").string == "Hi there")
        #expect(try await driver.send("POST", "/session/\(session)/element/\(field)/clear", "{}").status == 200)
        #expect(try await driver.send("GET", "/session/\(session)/element/\(field)/text").string == "")
        let logo = try await driver.find(session, "accessibility id", "logo")
        let notEditable = try await driver.send("POST", "/session/\(session)/element/\(logo)/clear", "{}")
        #expect(notEditable.error == "invalid element state", "\(notEditable)")

        let screenshot = try await driver.send("GET", "/session/\(session)/screenshot")
        let size = Data(base64Encoded: screenshot.string).flatMap(pngSize)
        #expect(size?.width == 390 && size?.height == 844, "\(String(describing: size))")
        let element = try await driver.send("GET", "/session/\(session)/element/\(field)/screenshot")
        let elementSize = Data(base64Encoded: element.string).flatMap(pngSize)
        #expect(elementSize?.width == 350 && elementSize?.height == 44, "\(String(describing: elementSize))")
        let rect = try await driver.send("GET", "/session/\(session)/window/rect")
        #expect(rect.object["width"] as? Double == 390 && rect.object["height"] as? Double == 844, "\(rect)")
        let resized = try await driver.send("POST", "/session/\(session)/window/rect", #"{"width": 500, "height": 700, "x": null}"#)
        #expect(resized.object["width"] as? Double == 500 && resized.object["height"] as? Double == 700, "\(resized)")
        let zero = try await driver.send("POST", "/session/\(session)/window/rect", #"{"width": 0}"#)
        #expect(zero.error == "invalid argument" && zero.message.contains("cannot resize scene 'gallery': the width 0 is not a size"), "\(zero)")
        let moved = try await driver.send("POST", "/session/\(session)/window/rect", #"{"x": 40, "y": 0}"#)
        #expect(moved.error == "unsupported operation", "\(moved)")
        #expect(try await driver.send("POST", "/session/\(session)/window/rect", #"{"width": 390, "height": 844}"#).status == 200)
        let handles = try await driver.send("GET", "/session/\(session)/window/handles")
        #expect(handles.value as? [String] == ["toolkit", "findview", "gesturelab", "gallery"])
        #expect(try await driver.send("POST", "/session/\(session)/window", "{\"handle\": \"findview\"}").status == 200)
        #expect(try await driver.send("GET", "/session/\(session)/window").string == "findview")
    }

    @Test(
        "mobile: waitForIdle answers once the host is idle, and names what keeps it busy when it times out; mobile: tap at a point answers the element it hit, a scene process's own",
        arguments: [false, true])
    func waitForIdle(isolated: Bool) async throws {
        let driver = try await WebDriverProcess.start(toolkitOnly: true, isolated: isolated)
        let session = try await driver.session(scene: "toolkit")
        let idle = try await driver.send("POST", "/session/\(session)/execute/sync", "{\"script\": \"mobile: waitForIdle\", \"args\": [{\"timeout\": 10}]}")
        #expect(idle.status == 200, "\(idle)")
        // A single tap on the taps area waits for the double tap's 0.35 s: on the virtual clock only AdvanceClock ends it.
        let tap = try await driver.send("POST", "/session/\(session)/execute/sync", "{\"script\": \"mobile: tap\", \"args\": [{\"x\": 290, \"y\": 70}]}")
        #expect(tap.elementID == (try await driver.find(session, "accessibility id", "taps")), "\(tap)")
        #expect(tap.elementID.hasPrefix("p") == isolated, "a scene process's element ids name it: \(tap)")
        let busy = try await driver.send("POST", "/session/\(session)/execute/sync", "{\"script\": \"mobile: waitForIdle\", \"args\": [{\"timeout\": 0.2}]}")
        #expect(busy.status == 500)
        #expect(busy.error == "timeout")
        #expect(busy.message.contains("not idle after 0.2 s"), "\(busy)")
        #expect(busy.message.contains("recognizer"), "\(busy)")
    }

    @Test("A scene in a process of its own: its process gives out element ids that name it, which mobile: gestures and W3C action origins take, serves them until it ends and then they are stale; a tap at a point reaches its process, and its screenshot and window are served")
    func sceneInItsOwnProcess() async throws {
        let driver = try await WebDriverProcess.start(toolkitOnly: true, isolated: true)
        let client = try await HostBusClient(host: driver.host)
        defer { client.close() }
        let session = try await driver.session(scene: "toolkit")
        let target = try await driver.find(session, "accessibility id", "target")
        let scenePath = SceneBusContract.scenePath("toolkit")
        let process = try await client.property(scenePath, SceneBusContract.sceneInterface, "Process").structFields ?? []
        let pid = process.dropFirst().first?.uint32Value ?? 0
        #expect(pid > 0 && target.hasPrefix("p\(pid)-view-"), "\(target) \(process)")
        // Its elements as a mobile: gesture's target and as a W3C action's origin: each taps it.
        let tapped = try await driver.send("POST", "/session/\(session)/execute/sync", "{\"script\": \"mobile: tap\", \"args\": [{\"elementId\": \"\(target)\"}]}")
        #expect(tapped.status == 200, "\(tapped)")
        try await client.waitForSignals("the target's tap") { _ in client.logLines(of: "toolkit").filter { $0 == "target tapped" }.count == 1 }
        let origin = #"{"actions": [{"type": "pointer", "id": "finger", "parameters": {"pointerType": "touch"}, "actions": [{"type": "pointerMove", "origin": {"element-6066-11e4-a52e-4f735466cecf": "TARGET"}, "x": 0, "y": 0}, {"type": "pointerDown"}, {"type": "pause", "duration": 50}, {"type": "pointerUp"}]}]}"#
        let originPlayed = try await driver.send("POST", "/session/\(session)/actions", origin.replacingOccurrences(of: "TARGET", with: target))
        #expect(originPlayed.status == 200, "\(originPlayed)")
        try await client.waitForSignals("the target's second tap") { _ in client.logLines(of: "toolkit").filter { $0 == "target tapped" }.count == 2 }
        // Its process restarts: the ids it gave out are stale, the scene's views are found again.
        client.clear()
        _ = try await client.scene("toolkit", "Reload")
        try await client.waitForSignals("toolkit restarted") { signals in
            signals.contains { $0.member == "SceneStarted" && $0.string(1) == scenePath.rawValue }
        }
        let stale = try await driver.send("GET", "/session/\(session)/element/\(target)/rect")
        #expect(stale.error == "stale element reference" && stale.message.contains("the scene process \(pid) that gave it out has ended"), "\(stale)")
        let again = try await driver.send("POST", "/session/\(session)/element", WebDriverProcess.locator("accessibility id", "target"))
        #expect(again.status == 200 && again.elementID != target && again.elementID.hasPrefix("p"), "\(again)")
        // A single tap on the taps area reaches the scene's process, whose double-tap recognizer then
        // keeps it busy (on the virtual clock only AdvanceClock ends the wait): the host's idle says so.
        let tap = try await driver.send("POST", "/session/\(session)/execute/sync", "{\"script\": \"mobile: tap\", \"args\": [{\"x\": 290, \"y\": 70}]}")
        let taps = try await driver.find(session, "accessibility id", "taps")
        #expect(tap.status == 200 && tap.elementID.hasPrefix("p") && tap.elementID == taps, "the process played it and named the element it hit: \(tap)")
        let busy = try await driver.send("POST", "/session/\(session)/execute/sync", "{\"script\": \"mobile: waitForIdle\", \"args\": [{\"timeout\": 0.2}]}")
        #expect(busy.error == "timeout" && busy.message.contains("recognizer"), "\(busy)")
        // W3C actions too: played by the scene's process.
        let pointer = #"{"actions": [{"type": "pointer", "id": "finger", "parameters": {"pointerType": "touch"}, "actions": [{"type": "pointerMove", "x": 40, "y": 300}, {"type": "pointerDown"}, {"type": "pause", "duration": 50}, {"type": "pointerUp"}]}]}"#
        let played = try await driver.send("POST", "/session/\(session)/actions", pointer)
        #expect(played.status == 200, "\(played)")
        let screenshot = try await driver.send("GET", "/session/\(session)/screenshot")
        let rect = try await driver.send("GET", "/session/\(session)/window/rect")
        let size = Data(base64Encoded: screenshot.string).flatMap(pngSize)
        #expect(size != nil && Double(size?.width ?? 0) == rect.object["width"] as? Double, "\(String(describing: size)) \(rect)")
    }
}
