import DBusKit
import Foundation
import Glibc
import SceneBusContract
import SceneCore
import SceneRender
import Testing

@MainActor
@Suite("Snapshots of the real scene-host", .serialized)
struct SnapshotTests {
    let host: HostProcess

    init() throws {
        host = try HostProcess(arguments: [], environment: SnapshotFonts.environment)
    }

    private func connect() async throws -> HostBusClient {
        try await HostBusClient(host: host, subscribe: false)
    }

    /// Asks the host to stop (SpawnedProcess reaps it; a deferred stop cannot wait).
    private func stop() {
        host.signal(SIGTERM)
    }

    @Test("scenectl snapshot findview shows seed 000: blue, red, light gray, yellow and white at the seed's points")
    func seedFindView() async throws {
        defer { stop() }
        #expect(await host.line(containing: "host ready"))
        let file = scratchPath("findview.png")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let process = try ScenectlProcess(["snapshot", "findview", "-o", file], runtimeFolder: host.runtimeFolder)
        let run = (await process.exitStatus(), process.stdout, process.stderr)
        #expect(run.0 == 0, "\(run)")
        #expect(run.1 == "wrote \(file) (390×844 pixels, \(try FileManager.default.attributesOfItem(atPath: file)[.size] ?? 0) bytes)\n")
        let image = try PixelImage(pngData: Array(try Data(contentsOf: URL(fileURLWithPath: file))))
        #expect(image.width == 390 && image.height == 844)
        expectPixel(image, Point(x: 240, y: 250), .blue, "blue view")
        expectPixel(image, Point(x: 100, y: 150), .red, "red view")
        expectPixel(image, Point(x: 250, y: 150), .lightGray, "gray view")
        expectPixel(image, Point(x: 150, y: 460), .yellow, "yellow view")
        expectPixel(image, Point(x: 350, y: 700), .white, "the view controller's white view")
    }

    @Test("A button is highlighted in a snapshot taken between TouchDown and TouchUp, and not after")
    func highlightedButton() async throws {
        defer { stop() }
        let client = try await connect()
        defer { client.close() }
        // GestureLab's orange button: window points (20…180, 260…310); the window is at x = 400.
        let before = try await client.windowSnapshot(DemoWindow.gesturelab)
        expectPixel(before, Point(x: 30, y: 300), .orange, "before the touch")
        _ = try await client.host("TouchDown", [.uint32(0), .double(500), .double(285)])
        let during = try await client.windowSnapshot(DemoWindow.gesturelab)
        expectPixel(during, Point(x: 30, y: 300), Color(red: 0.75, green: 0.375, blue: 0), "during the touch: darkened")
        _ = try await client.host("TouchUp", [.uint32(0)])
        let after = try await client.windowSnapshot(DemoWindow.gesturelab)
        expectPixel(after, Point(x: 30, y: 300), .orange, "after the touch")
        #expect(after.hasSamePixels(as: before))
    }

    @Test("The Gallery scene shows its alert window above its main window; the screen shows every scene")
    func windowLevels() async throws {
        defer { stop() }
        let client = try await connect()
        defer { client.close() }
        let gallery = try await client.sceneSnapshot("gallery")
        #expect(gallery.width == 390 && gallery.height == 844)
        // The alert (45, 300, 300 × 200 in the scene) is white over the main window's light gray.
        expectPixel(gallery, Point(x: 60, y: 480), .white, "inside the alert")
        expectPixel(gallery, Point(x: 60, y: 520), .secondarySystemBackground, "below the alert: the main window")
        let main = try await client.windowSnapshot(DemoWindow.galleryMain)
        expectPixel(main, Point(x: 60, y: 480), .secondarySystemBackground, "the main window alone")
        let screen = try await client.snapshot(SceneBusContract.rootPath, SceneBusContract.hostInterface, scale: 0.5)
        #expect(screen.width == 595 && screen.height == 422, "three 390 pt scenes 10 pt apart at scale 0.5")
        expectPixel(screen, Point(x: 240, y: 250), .blue, "findview's blue view")
        expectPixel(screen, Point(x: 395, y: 400), .black, "the gap between the first two scenes")
        expectPixel(screen, Point(x: 500, y: 30), .cyan, "gesturelab's cyan background")
        expectPixel(screen, Point(x: 860, y: 480), .white, "gallery's alert")
    }

    @Test(
        "A bad scale is InvalidValue naming it, on every interface and in scenectl; the same with every scene in a process of its own",
        arguments: [0.0, -2, .infinity, .nan, 8.5], ["none", "process"])
    func badScale(scale: Double, isolation: String) async throws {
        stop()
        let host = try HostProcess(arguments: ["--isolation", isolation], environment: SnapshotFonts.environment)
        defer { host.signal(SIGTERM) }
        let client = try await HostBusClient(host: host, subscribe: false)
        defer { client.close() }
        for (path, interface) in [
            (SceneBusContract.windowPath(1), SceneBusContract.windowInterface),
            (SceneBusContract.scenePath("findview"), SceneBusContract.sceneInterface),
            (SceneBusContract.rootPath, SceneBusContract.hostInterface),
        ] {
            do {
                _ = try await client.snapshot(path, interface, scale: scale)
                Issue.record("\(interface) accepted scale \(scale)")
            } catch let error as BusError {
                #expect(error.name == SceneBusContract.ErrorNames.invalidValue, "\(error)")
                #expect(error.message.contains("scale \(scale.compactDescription)"), "\(error.message)")
            }
        }
        let process = try ScenectlProcess(["snapshot", "--scale", "\(scale)", "1", "-o", "/dev/null"], runtimeFolder: host.runtimeFolder)
        let run = (await process.exitStatus(), process.stderr)
        #expect(run.0 == (scale > 0 && scale.isFinite ? 1 : 64), "\(run)")
        #expect(run.1.contains("scale"), "\(run)")
    }

    @Test("Golden images of the three demo scenes, fonts pinned, within a tolerance", arguments: ["findview", "gesturelab", "gallery"])
    func golden(scene: String) async throws {
        defer { stop() }
        let client = try await connect()
        defer { client.close() }
        let image = try await client.sceneSnapshot(scene)
        let result = try GoldenImage.compare(image, named: scene)
        #expect(result.matches, "\(scene): \(result.comparison); the snapshot is at \(result.actualPath)")
    }
}
