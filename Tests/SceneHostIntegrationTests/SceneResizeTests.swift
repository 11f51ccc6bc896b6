import DBusKit
import Foundation
import SceneBusContract
import SceneRender
import Testing

/// `Scene1.Resize` against the real host on its embedded default (each demo scene 390 × 844, at
/// least 320 × 480) [LY-10 … LY-12].
@MainActor
@Suite("Scenes resized over D-Bus", .serialized)
struct SceneResizeTests {
    let host: HostProcess

    init() throws {
        host = try HostProcess(arguments: [])
    }

    @Test("Resize gives the scene and its covering window the size, leaves the alert, draws the scene at it and signals SceneGeometryChanged")
    func resizeFollowsThrough() async throws {
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        let scene = SceneBusContract.scenePath("gallery"), sceneInterface = SceneBusContract.sceneInterface
        #expect(try await client.property(scene, sceneInterface, "MinimumSize").structFields?.compactMap(\.doubleValue) == [320, 480])
        #expect(try await client.property(scene, sceneInterface, "MaximumSize").structFields?.compactMap(\.doubleValue) == [.infinity, .infinity])
        #expect(try await client.scene("gallery", "Resize", doubles(600, 700)) == [])
        try await client.waitForSignals("SceneGeometryChanged") { $0.contains { $0.member == "SceneGeometryChanged" } }
        let changed = try #require(client.signals(named: "SceneGeometryChanged").first)
        #expect(changed.string(1) == scene.rawValue)
        #expect(changed.arguments[2...].compactMap(\.doubleValue) == [800, 0, 600, 700])
        #expect(try await client.property(scene, sceneInterface, "Frame").structFields?.compactMap(\.doubleValue) == [800, 0, 600, 700])
        let windowInterface = SceneBusContract.windowInterface
        let main = try await client.property(SceneBusContract.windowPath(DemoWindow.galleryMain), windowInterface, "Frame")
        #expect(main.structFields?.compactMap(\.doubleValue) == [800, 0, 600, 700])
        let alert = try await client.property(SceneBusContract.windowPath(DemoWindow.galleryAlert), windowInterface, "Frame")
        #expect(alert.structFields?.compactMap(\.doubleValue) == [845, 300, 300, 200])
        let image = try await client.sceneSnapshot("gallery")
        #expect(image.width == 600 && image.height == 700)
        client.clear()
        _ = try await client.scene("gallery", "Resize", doubles(600, 700))
        _ = try await client.host("WaitForIdle", [.double(30)])
        #expect(client.signals(named: "SceneGeometryChanged").isEmpty, "the same size changes nothing")
    }

    @Test("A scene resized and then reloaded (its process restarted, at the configured frame) comes back at the size it was given: the new process takes the stand-in's size, so its covering window keeps it")
    func reloadKeepsTheSize() async throws {
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        let scene = SceneBusContract.scenePath("gallery")
        _ = try await client.scene("gallery", "Resize", doubles(600, 700))
        _ = try await client.host("WaitForIdle", [.double(30)])
        client.clear()
        _ = try await client.scene("gallery", "Reload")
        try await client.waitForSignals("gallery restarted") { signals in
            signals.contains { $0.member == "SceneStarted" && $0.string(1) == scene.rawValue }
        }
        // Answered by the new process once it has listed its windows (the snapshot waits for its
        // frames), then idle once the size it was sent is taken.
        _ = try await client.sceneSnapshot("gallery")
        _ = try await client.host("WaitForIdle", [.double(30)])
        #expect(try await client.property(scene, SceneBusContract.sceneInterface, "Frame").structFields?.compactMap(\.doubleValue) == [800, 0, 600, 700])
        let main = try await client.property(SceneBusContract.windowPath(DemoWindow.galleryMain), SceneBusContract.windowInterface, "Frame")
        #expect(main.structFields?.compactMap(\.doubleValue) == [800, 0, 600, 700], "the restarted process's window")
    }

    @Test(
        "A size that is not a finite number above 0, is larger than a scene can be, or is below the minimum, is InvalidValue naming it, and the scene keeps its size",
        arguments: [
            (Double.nan, 700.0, "the width nan is not a size"), (600, -Double.infinity, "the height -inf is not a size"),
            (600, 0, "the height 0 is not a size"), (1e300, 700, "the width 1e+300 is larger than a scene can be: give at most 16384 points"),
            (300, 700, "the size 300×700 is outside the scene's size restrictions 320×480…unbounded: give a size within them"),
        ])
    func badSizesAreRefused(width: Double, height: Double, message: String) async throws {
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        do {
            _ = try await client.scene("findview", "Resize", doubles(width, height))
            Issue.record("Resize(\(width), \(height)) succeeded")
        } catch let error as BusError {
            #expect(error.name == SceneBusContract.ErrorNames.invalidValue)
            #expect(error.message.hasPrefix("cannot resize scene 'findview': \(message)"), "\(error.message)")
        }
        let frame = try await client.property(SceneBusContract.scenePath("findview"), SceneBusContract.sceneInterface, "Frame")
        #expect(frame.structFields?.compactMap(\.doubleValue) == [0, 0, 390, 844])
    }

    @Test("A finger down across a resize stays with its view: blue gets the moves and the end after the scene grew")
    func touchesKeepTheirViewAcrossAResize() async throws {
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        _ = try await client.host("TouchDown", [.uint32(1)] + doubles(240, 250))
        _ = try await client.scene("findview", "Resize", doubles(700, 900))
        _ = try await client.host("TouchMove", [.uint32(1)] + doubles(500, 600))
        _ = try await client.host("TouchUp", [.uint32(1)])
        try await client.waitForSignals("the touch's end") { $0.contains { $0.member == "Touch" && $0.string(3) == "ended" } }
        let touches = client.signals(named: "Touch")
        #expect(touches.map { $0.string(3) } == ["began", "moved", "ended"])
        #expect(touches.allSatisfy { $0.string(6) == "blue" }, "\(touches)")
        #expect(touches.last.map { [$0.arguments[4].doubleValue, $0.arguments[5].doubleValue] } == [500, 600])
    }
}
