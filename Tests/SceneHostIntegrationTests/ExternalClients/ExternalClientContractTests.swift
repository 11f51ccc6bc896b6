import Foundation
import SceneHostKit
import Testing

/// The D-Bus contract (docs/dbus-api.md, generated from Config/dbus/*.xml) as a client that is not ours sees it:
/// python3-dbus parses the introspection XML with its own parser and reads every property.
@Suite(
    "python3-dbus reads scene-host's D-Bus contract",
    .serialized,
    .enabled(
        if: ExternalClientTools.missingForPython.isEmpty,
        "needs /usr/bin/python3 with python3-dbus and python3-gi; missing: \(ExternalClientTools.missingForPython.joined(separator: " "))"
    ))
struct ExternalClientContractTests {
    @Test("Introspect of the root, a scene and a window lists exactly the members of Config/dbus, and the tree leads to every object")
    func introspectionMatchesTheCommittedXML() async throws {
        let session = try await ExternalClientHost.start()
        let json = try await session.python("contract.py", ["introspect"])
        let objects = json["objects"]
        for (path, interface, standard) in [
            ("/org/scenehost/SceneHost", "org.scenehost.Host1", ["ObjectManager", "Properties", "Introspectable", "Peer"]),
            ("/org/scenehost/SceneHost/scene/findview", "org.scenehost.Scene1", ["Properties", "Introspectable", "Peer"]),
            ("/org/scenehost/SceneHost/window/1", "org.scenehost.Window1", ["Properties", "Introspectable", "Peer"]),
        ] {
            let served = objects[path]["interfaces"]
            let committed = try ContractInterface(interface)
            #expect(served[interface].array.compactMap(\.string) == committed.lines, "\(path) serves \(interface) as committed")
            #expect(
                Set(served.object.keys) == Set([interface] + standard.map { "org.freedesktop.DBus.\($0)" }),
                "\(path) implements \(interface) and the standard interfaces, nothing else")
        }
        #expect(objects["/org/scenehost/SceneHost"]["nodes"].array == [.string("scene"), .string("window")])
        #expect(objects["/org/scenehost/SceneHost/scene"]["nodes"].array.compactMap(\.string).sorted() == ["findview", "gallery", "gesturelab"])
        #expect(objects["/org/scenehost/SceneHost/window"]["nodes"].array.compactMap(\.string) == ["1", "2", "3", "4"])
        for (path, child) in [("/", "org"), ("/org", "scenehost"), ("/org/scenehost", "SceneHost")] {
            #expect(objects[path]["nodes"].array.contains(.string(child)), "introspecting \(path) leads on to \(child)")
        }
        #expect(json["calls"].array.allSatisfy { $0["error"].isNull }, "\(json["calls"])")
    }

    @Test("Properties.Get and GetAll agree on every property of Host1, each Scene1 and each Window1, with the declared D-Bus types")
    func propertiesHaveTheDeclaredTypes() async throws {
        let session = try await ExternalClientHost.start()
        let json = try await session.python("contract.py", ["properties"])
        let contract = Dictionary(uniqueKeysWithValues: try ContractInterface.all().map { ($0.name, $0) })
        let objects = json["objects"].object
        #expect(objects.count == 1 + 3 + 4, "the root, three scenes and four windows: \(objects.keys.sorted())")
        for (path, object) in objects {
            let interface = try #require(contract[object["interface"].string ?? ""])
            let declared = interface.members.filter { $0.kind == "property" }
            #expect(Set(object["getAll"].object.keys) == Set(declared.map(\.name)), "GetAll at \(path) returns every declared property")
            #expect(object["get"] == object["getAll"], "Get at \(path) returns what GetAll does")
            for property in declared {
                #expect(object["getAll"][property.name]["type"].string == property.type, "\(path) \(property.name) is a '\(property.type)'")
            }
        }
        let host = json["objects"]["/org/scenehost/SceneHost"]["getAll"]
        #expect(host["Version"]["value"] == .string(HostVersion.busVersion))
        #expect(host["Scenes"]["value"].array.compactMap(\.string) == ["findview", "gesturelab", "gallery"].map { "/org/scenehost/SceneHost/scene/\($0)" })
        #expect(host["KeyWindow"]["value"] == .string("/org/scenehost/SceneHost/window/4"), "Gallery connected last; its alert is the application's key window [WS-4, WS-6]")
        #expect(host["FirstResponder"]["value"] == .string(""))
        let gallery = json["objects"]["/org/scenehost/SceneHost/scene/gallery"]["getAll"]
        #expect(gallery["Plugin"]["value"] == .string("Gallery"))
        #expect(gallery["ActivationState"]["value"] == .string("foreground-active"))
        #expect(gallery["Windows"]["value"].array.compactMap(\.string) == ["/org/scenehost/SceneHost/window/3", "/org/scenehost/SceneHost/window/4"])
        #expect(gallery["KeyWindow"]["value"] == .string("/org/scenehost/SceneHost/window/4"))
        let alert = json["objects"]["/org/scenehost/SceneHost/window/4"]["getAll"]
        #expect(alert["Frame"]["value"].array.compactMap(\.number) == [845, 300, 300, 200])
        #expect(alert["Level"]["value"] == .number(2000))
        #expect(alert["Title"]["value"] == .string("Alert"))
        #expect(alert["IsKey"]["value"] == .bool(true) && alert["Hidden"]["value"] == .bool(false))
        #expect(alert["Scene"]["value"] == .string("/org/scenehost/SceneHost/scene/gallery"))
        let player = json["objects"]["/org/scenehost/SceneHost/window/2"]["getAll"]
        #expect(player["FirstResponder"]["value"] == .string("player"), "GestureLab's player is its window's first responder from the start")
        #expect(player["Frame"]["value"].array.compactMap(\.number) == [400, 0, 390, 844], "the second scene sits 400 points right")

        let managed = json["managed"].object
        #expect(managed.count == 7, "GetManagedObjects lists 3 scenes and 4 windows")
        #expect(managed["/org/scenehost/SceneHost/window/3"]?.array.contains(.string("org.scenehost.Window1")) == true)
        #expect(managed["/org/scenehost/SceneHost/scene/findview"]?.array.contains(.string("org.scenehost.Scene1")) == true)

        let mistakes = Dictionary(uniqueKeysWithValues: json["calls"].array.map(RecordedCall.init).map { ($0.label, $0) })
        #expect(json["mistakesAnswered"] == .number(5))
        #expect(mistakes["Set Host1.Version"]?.error == "org.freedesktop.DBus.Error.PropertyReadOnly")
        #expect(mistakes["Set Host1.Version"]?.message?.contains("Version") == true)
        #expect(mistakes["Set Window1.Hidden"]?.error == "org.freedesktop.DBus.Error.PropertyReadOnly")
        #expect(mistakes["Get Host1.Volume"]?.error == "org.freedesktop.DBus.Error.UnknownProperty")
        #expect(mistakes["Get Host1.Volume"]?.message?.contains("'Volume'") == true)
        #expect(mistakes["Get Window1.Title at the root"]?.error == "org.freedesktop.DBus.Error.UnknownInterface")
        #expect(mistakes["GetAll org.scenehost.Nope1"]?.error == "org.freedesktop.DBus.Error.UnknownInterface")
        #expect(mistakes["GetAll org.scenehost.Nope1"]?.message?.contains("org.scenehost.Nope1") == true)
    }
}
