import Testing

@testable import SceneCtlKit

/// The demo host's windows: findview (1), gesturelab (2), gallery (3 main, 4 alert, key).
let demoSnapshot = HostSnapshot(
    version: "1.0.0", keyWindow: "/org/scenehost/SceneHost/window/4", firstResponder: "",
    scenes: [
        SceneSnapshot(
            path: "/org/scenehost/SceneHost/scene/findview", name: "findview", plugin: "FindView",
            activationState: "foreground-active", windows: ["/org/scenehost/SceneHost/window/1"],
            keyWindow: "/org/scenehost/SceneHost/window/1"),
        SceneSnapshot(
            path: "/org/scenehost/SceneHost/scene/gesturelab", name: "gesturelab", plugin: "GestureLab",
            activationState: "foreground-active", windows: ["/org/scenehost/SceneHost/window/2"],
            keyWindow: "/org/scenehost/SceneHost/window/2"),
        SceneSnapshot(
            path: "/org/scenehost/SceneHost/scene/gallery", name: "gallery", plugin: "Gallery",
            activationState: "foreground-active",
            windows: ["/org/scenehost/SceneHost/window/3", "/org/scenehost/SceneHost/window/4"],
            keyWindow: "/org/scenehost/SceneHost/window/4"),
    ],
    windows: [
        WindowSnapshot(
            path: "/org/scenehost/SceneHost/window/1", number: 1, scene: "findview", title: "FindView",
            frame: [0, 0, 390, 844], level: 0, hidden: false, isKey: true, firstResponder: ""),
        WindowSnapshot(
            path: "/org/scenehost/SceneHost/window/2", number: 2, scene: "gesturelab", title: "GestureLab",
            frame: [400, 0, 390, 844], level: 0, hidden: false, isKey: true, firstResponder: "player"),
        WindowSnapshot(
            path: "/org/scenehost/SceneHost/window/3", number: 3, scene: "gallery", title: "Gallery",
            frame: [800, 0, 390, 844], level: 0, hidden: false, isKey: false, firstResponder: ""),
        WindowSnapshot(
            path: "/org/scenehost/SceneHost/window/4", number: 4, scene: "gallery", title: "Alert",
            frame: [845, 300, 300, 200], level: 2000, hidden: false, isKey: true, firstResponder: ""),
    ])

@Suite("Window specifiers")
struct WindowSpecifierTests {
    @Test(
        "A specifier parses as a number, a path, a scene or SCENE/TITLE",
        arguments: [
            ("3", WindowSpecifier.number(3)),
            ("window/12", .number(12)),
            ("/org/scenehost/SceneHost/window/2", .path("/org/scenehost/SceneHost/window/2")),
            ("findview", .scene("findview")),
            ("gallery/Alert", .titled(scene: "gallery", title: "Alert")),
            ("gallery/A/B", .titled(scene: "gallery", title: "A/B")),
            ("-1", .scene("-1")),
        ])
    func parsing(text: String, expected: WindowSpecifier) {
        #expect(WindowSpecifier(argument: text) == expected)
    }

    @Test("The empty string is not a specifier")
    func empty() {
        #expect(WindowSpecifier(argument: "") == nil)
    }

    @Test(
        "Each form resolves to the window it names",
        arguments: [
            (WindowSpecifier.keyWindow, 4),
            (.number(2), 2),
            (.path("/org/scenehost/SceneHost/window/3"), 3),
            (.scene("findview"), 1),
            (.scene("gallery"), 4),
            (.titled(scene: "gallery", title: "Gallery"), 3),
            (.titled(scene: "gallery", title: "Alert"), 4),
        ])
    func resolution(specifier: WindowSpecifier, number: Int) throws {
        #expect(try specifier.resolve(in: demoSnapshot).number == number)
    }

    @Test("A scene without a key window resolves to its only window")
    func onlyWindow() throws {
        var snapshot = demoSnapshot
        snapshot.scenes[0].keyWindow = nil
        #expect(try WindowSpecifier.scene("findview").resolve(in: snapshot).number == 1)
        snapshot.scenes[2].keyWindow = nil
        #expect(throws: ScenectlError.self) { try WindowSpecifier.scene("gallery").resolve(in: snapshot) }
    }

    @Test(
        "An unknown specifier is a usage error that names it and lists the windows",
        arguments: [
            (WindowSpecifier.number(9), "no window 9"),
            (.path("/org/scenehost/SceneHost/window/9"), "no window at /org/scenehost/SceneHost/window/9"),
            (.scene("nope"), "'nope' is neither a window number nor a scene"),
            (.titled(scene: "nope", title: "X"), "no scene 'nope'"),
            (.titled(scene: "gallery", title: "Nope"), "scene 'gallery' has no window titled 'Nope'"),
        ])
    func unknown(specifier: WindowSpecifier, reason: String) {
        #expect {
            try specifier.resolve(in: demoSnapshot)
        } throws: { error in
            guard let error = error as? ScenectlError else { return false }
            return error.exitStatus == 64 && error.message.contains("unknown window '\(specifier)'")
                && error.message.contains(reason) && error.message.contains("  1  findview/FindView")
                && error.message.contains("  4  gallery/Alert  (application key window)")
        }
    }

    @Test("Without a key window the default asks for --window")
    func noKeyWindow() {
        var snapshot = demoSnapshot
        snapshot.keyWindow = nil
        #expect {
            try WindowSpecifier.keyWindow.resolve(in: snapshot)
        } throws: { error in
            (error as? ScenectlError)?.message.contains("choose a window with --window") == true
        }
    }

    @Test("The listing marks key and hidden windows")
    func listing() {
        var snapshot = demoSnapshot
        snapshot.windows[2].hidden = true
        let listing = WindowSpecifier.listing(snapshot)
        #expect(listing.contains("  2  gesturelab/GestureLab  (key in gesturelab)"))
        #expect(listing.contains("  3  gallery/Gallery  (hidden)"))
        #expect(WindowSpecifier.listing(HostSnapshot(version: "", keyWindow: nil, firstResponder: "", scenes: [], windows: []))
            == "The host has no windows.")
    }
}
