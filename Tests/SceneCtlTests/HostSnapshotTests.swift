import DBusKit
import Testing

@testable import SceneCtlKit

/// `a{sa{sv}}` for one object.
private func interfaces(_ name: String, _ properties: [(String, BusValue)]) -> BusValue {
    .dictionary(
        key: .string, value: "a{sv}",
        [
            .init(.string("org.freedesktop.DBus.Properties"), .variantDictionary([])),
            .init(.string(name), .variantDictionary(properties)),
        ])
}

private func paths(_ values: [String]) -> BusValue {
    .array(element: .objectPath, values.map { .objectPath(ObjectPath(unchecked: $0)) })
}

@Suite("status: the host snapshot")
struct HostSnapshotTests {
    /// What the host answers for GetAll(Host1) and GetManagedObjects with the findview and gallery scenes.
    static let hostProperties = BusValue.variantDictionary([
        ("Version", .string("1.0.0")),
        ("Scenes", paths(["/org/scenehost/SceneHost/scene/gallery", "/org/scenehost/SceneHost/scene/findview"])),
        ("KeyWindow", .objectPath("/org/scenehost/SceneHost/window/1")),
        ("FirstResponder", .string("")),
    ])

    static let managedObjects = BusValue.dictionary(
        key: .objectPath, value: "a{sa{sv}}",
        [
            .init(
                .objectPath("/org/scenehost/SceneHost/scene/findview"),
                interfaces(
                    "org.scenehost.Scene1",
                    [
                        ("Name", .string("findview")), ("Plugin", .string("FindView")),
                        ("ActivationState", .string("foreground-active")),
                        ("Windows", paths(["/org/scenehost/SceneHost/window/1"])),
                        ("KeyWindow", .objectPath("/org/scenehost/SceneHost/window/1")),
                        ("Frame", .structure([.double(0), .double(0), .double(390), .double(844)])),
                        ("MinimumSize", .structure([.double(320), .double(480)])),
                        ("MaximumSize", .structure([.double(.infinity), .double(1000)])),
                        ("Process", .structure([.string("running"), .uint32(4242), .string("")])),
                    ])),
            .init(
                .objectPath("/org/scenehost/SceneHost/scene/gallery"),
                interfaces(
                    "org.scenehost.Scene1",
                    [
                        ("Name", .string("gallery")), ("Plugin", .string("Gallery")), ("ActivationState", .string("background")),
                        ("Windows", paths(["/org/scenehost/SceneHost/window/10", "/org/scenehost/SceneHost/window/3"])),
                        ("KeyWindow", .objectPath("/")),
                        ("Process", .structure([.string("quarantined"), .uint32(0), .string("killed by signal 4 (SIGILL)")])),
                    ])),
            .init(
                .objectPath("/org/scenehost/SceneHost/window/1"),
                interfaces(
                    "org.scenehost.Window1",
                    [
                        ("Scene", .objectPath("/org/scenehost/SceneHost/scene/findview")), ("Title", .string("FindView")),
                        ("Frame", .structure([.double(0), .double(0), .double(390), .double(844)])), ("Level", .double(0)),
                        ("Hidden", .bool(false)), ("IsKey", .bool(true)), ("FirstResponder", .string("blue")),
                    ])),
            .init(
                .objectPath("/org/scenehost/SceneHost/window/10"),
                interfaces(
                    "org.scenehost.Window1",
                    [
                        ("Scene", .objectPath("/org/scenehost/SceneHost/scene/gallery")), ("Title", .string("Alert")),
                        ("Frame", .structure([.double(845), .double(300), .double(300), .double(200)])), ("Level", .double(2000)),
                        ("Hidden", .bool(true)), ("IsKey", .bool(false)), ("FirstResponder", .string("")),
                    ])),
            .init(
                .objectPath("/org/scenehost/SceneHost/window/3"),
                interfaces(
                    "org.scenehost.Window1",
                    [
                        ("Scene", .objectPath("/org/scenehost/SceneHost/scene/gallery")), ("Title", .string("Gallery")),
                        ("Frame", .structure([.double(800), .double(0), .double(390), .double(844)])), ("Level", .double(0)),
                        ("Hidden", .bool(false)), ("IsKey", .bool(false)), ("FirstResponder", .string("")),
                    ])),
        ])

    let snapshot = HostSnapshot(hostProperties: hostProperties, managedObjects: managedObjects)
    let candidate = HostLocator.Candidate(address: "unix:path=/tmp/bus", origin: "--address")

    @Test("Scenes come in the host's order and windows by number, each with its scene's name")
    func decoding() {
        #expect(snapshot.version == "1.0.0")
        #expect(snapshot.keyWindow == "/org/scenehost/SceneHost/window/1")
        #expect(snapshot.scenes.map(\.name) == ["gallery", "findview"])
        #expect(snapshot.scenes[0].keyWindow == nil)
        #expect(snapshot.windows.map(\.number) == [1, 3, 10])
        #expect(snapshot.windows.map(\.scene) == ["findview", "gallery", "gallery"])
        #expect(snapshot.windows[2].frame == [845, 300, 300, 200] && snapshot.windows[2].level == 2000 && snapshot.windows[2].hidden)
        #expect(snapshot.windows(of: snapshot.scenes[0]).map(\.number) == [10, 3])
        #expect(snapshot.scenes[1].frame == [0, 0, 390, 844] && snapshot.scenes[1].minimumSize == [320, 480])
        #expect(snapshot.scenes[1].maximumSize == [.infinity, 1000] && snapshot.scenes[0].frame.isEmpty)
    }

    @Test("The text report lists each scene with its windows, and where a scene runs in a process of its own, the process")
    func text() {
        #expect(
            StatusReport(snapshot: snapshot, candidate: candidate).text == """
                scene-host 1.0.0 on --address (unix:path=/tmp/bus)
                key window: window 1 (findview/FindView), first responder: (none)

                scene gallery: background, plugin Gallery, key window (none), process quarantined (last: killed by signal 4 (SIGILL))
                  window 10 "Alert": level 2000, frame (845, 300, 300, 200), hidden, first responder (none)
                  window 3 "Gallery": level 0, frame (800, 0, 390, 844), visible, first responder (none)

                scene findview: foreground-active, plugin FindView, key window 1, frame (0, 0, 390, 844), process running (pid 4242)
                  window 1 "FindView": level 0, frame (0, 0, 390, 844), visible, key, first responder blue
                """)
    }

    @Test("The JSON report keeps the bus's values and nests windows in their scenes")
    func json() {
        let json = StatusReport(snapshot: snapshot, candidate: candidate).json
        #expect(json.hasPrefix(#"{"address":"unix:path=/tmp/bus","firstResponder":"","foundVia":"--address","keyWindow":"/org/scenehost/SceneHost/window/1","scenes":[{"activationState":"background","frame":[],"keyWindow":"/","maximumSize":[],"minimumSize":[],"name":"gallery""#))
        #expect(json.contains(#"{"firstResponder":"blue","frame":[0,0,390,844],"hidden":false,"isKey":true,"level":0,"number":1,"path":"/org/scenehost/SceneHost/window/1","scene":"findview","title":"FindView"}"#))
        #expect(json.contains(#""frame":[0,0,390,844],"keyWindow":"/org/scenehost/SceneHost/window/1","maximumSize":[null,1000],"minimumSize":[320,480],"name":"findview""#))
        #expect(json.contains(#""plugin":"FindView","process":{"lastExit":"","pid":4242,"state":"running"},"windows""#))
        #expect(json.hasSuffix(#""version":"1.0.0"}"#))
    }

    @Test("Missing properties read as empty rather than failing")
    func missing() {
        let empty = HostSnapshot(hostProperties: .variantDictionary([]), managedObjects: .variantDictionary([]))
        #expect(empty.version == "" && empty.keyWindow == nil && empty.scenes.isEmpty && empty.windows.isEmpty)
    }
}
