import BenchSupport
import DBusKit
import FixtureManyViews
import Foundation
import SceneBusContract
import SceneCore
import SceneProcesses
import SceneRender

/// Issue 12's snapshot target, against one release `scene-host` holding the realistic 482-view window
/// dressed as an app (`Benchmarks/Config/realistic.yaml`: the tree file `realistic-tree.txt` loaded by
/// FixtureManyViews): the `Window1.Snapshot(1.0)` round trip over D-Bus at most 2× what the same
/// window costs in this process (render + PNG encoding, the same code on the same tree, same run),
/// with the breakdown. The window does not change between snapshots, as when a test takes one after
/// another: the host's render finds nothing damaged and its time is the PNG and the bus.
@MainActor
func runSnapshotSection(sceneHost: String, quick: Bool) throws {
    let report = Report.shared
    report.heading("Window snapshots over D-Bus")
    let config = "Benchmarks/Config/realistic.yaml", treePath = "Benchmarks/Config/realistic-tree.txt"
    guard let treeText = try? String(contentsOfFile: treePath, encoding: .utf8) else {
        report.fail("snapshot: cannot read \(treePath): run from the repository root")
        return
    }
    let tree = try TreeFile(text: treeText)
    let daemon = try BusDaemon()
    defer { daemon.stop() }
    let runtime = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: runtime) }
    let host = try HostProcess(executable: sceneHost, arguments: ["--bus", daemon.address, "--config", config], runtimeDirectory: runtime)
    defer { host.stop() }
    _ = try host.waitUntilReady(timeout: 10)
    let driver = try HostBusDriver(address: daemon.address)
    let path = SceneBusContract.windowPath(1)
    func snapshot() throws -> [UInt8] {
        let message = BusMessage.methodCall(
            destination: SceneBusContract.busName, path: path, interface: SceneBusContract.windowInterface, member: "Snapshot")
        try message.write { writer in try writer.append(1.0) }
        let reply = try driver.connection.callBlocking(message, timeout: .seconds(10))
        return try reply.read { reader in try reader.readBytes() }
    }

    // The same window in this process: an application, a scene of the same frame, the tree.
    let application = Application(clock: ManualClock(now: 0))
    var built: Window?
    _ = try application.connectScene(
        named: "realistic", delegate: SnapshotBenchDelegate(tree: tree) { built = $0 },
        screenFrame: Rect(x: 0, y: 0, width: 390, height: 844))
    guard let window = built else { throw BenchError("the in-process window was not built") }
    let renderer = Renderer()
    let local = try renderer.renderWindow(window, scale: 1)

    // The host draws what this process draws.
    let first = try snapshot()
    let decoded = try PixelImage(pngData: first)
    if !(decoded.width == 390 && decoded.height == 844 && decoded.hasSamePixels(as: local.image)) {
        report.fail("snapshot: the host's PNG (\(decoded.width)×\(decoded.height)) differs from the window drawn in this process")
    }
    if let directory = ProcessInfo.processInfo.environment["HOSTBENCH_SAVE"] {
        _ = FileManager.default.createFile(atPath: directory + "/snapshot-realistic.png", contents: Data(first))
    }

    report.progress("snapshot: timing")
    let perBlock = quick ? 20 : 60, blocks = quick ? 3 : 5
    var roundTrips: [Double] = [], renders: [Double] = [], encodes: [Double] = [], fullRenders: [Double] = []
    var size = first.count
    for _ in 0..<10 { size = try snapshot().count }
    for _ in 0..<blocks {
        for _ in 0..<perBlock {
            let start = Clock.monotonic()
            size = try snapshot().count
            roundTrips.append(Double(Clock.monotonic() - start) / 1e3)
        }
        for _ in 0..<perBlock {
            let start = Clock.monotonic()
            let frame = try renderer.renderWindow(window, scale: 1)
            let rendered = Clock.monotonic()
            let png = frame.image.pngData()
            let encoded = Clock.monotonic()
            renders.append(Double(rendered - start) / 1e3)
            encodes.append(Double(encoded - rendered) / 1e3)
            if png.count != first.count { report.fail("snapshot: in-process PNG of \(png.count) bytes, the host's \(first.count)") }
        }
        for _ in 0..<(perBlock / 4) {
            window.setNeedsDisplay()
            let start = Clock.monotonic()
            let frame = try renderer.renderWindow(window, scale: 1)
            fullRenders.append(Double(Clock.monotonic() - start) / 1e3)
            _ = frame
        }
    }
    let roundTrip = Stats.median(roundTrips), render = Stats.median(renders), encode = Stats.median(encodes)
    let inProcess = render + encode
    let ratio = roundTrip / inProcess
    let ok = ratio <= 2
    if !ok { report.fail("snapshot: the round trip is \(Format.ratio(ratio)) the in-process render + PNG (target ≤ 2×)") }
    report.line(
        """
        `\(sceneHost) --bus <a bus daemon started for the section> --config \(config)`: one window of \(tree.viewCount) views, \
        390×844 at scale 1. `Window1.Snapshot(1.0)` with DBusKit's blocking call (wall time, call to reply) against \
        the same tree in this process (`Renderer.renderWindow` + `PixelImage.pngData()`), \(blocks) interleaved blocks \
        of \(perBlock) each; medians in µs. The host's PNG decodes to exactly the pixels drawn here.

        """)
    report.table(
        ["", "µs", "share of the round trip"],
        [
            ["`Window1.Snapshot(1.0)` round trip (\(Format.grouped(size)) bytes of PNG)", Format.ns(roundTrip), "100%"],
            ["… render in process (nothing damaged: the kept image)", Format.ns(render), Format.percent(render / roundTrip)],
            ["… PNG encoding in process", Format.ns(encode), Format.percent(encode / roundTrip)],
            ["… the rest: the host's dispatch, the reply's marshalling, two hops through the bus daemon", Format.ns(roundTrip - inProcess), Format.percent((roundTrip - inProcess) / roundTrip)],
            ["(for reference) full render in process, whole window damaged", Format.ns(Stats.median(fullRenders)), ""],
        ])
    report.table(
        ["", "round trip ÷ (render + PNG) in process", "target", "result"],
        [["`Window1.Snapshot` of the realistic window", Format.ratio(ratio), "≤ 2×", ok ? "**pass**" : "**FAIL**"]])
}

/// Builds the scene's one window from the tree file, key and visible, and hands it over.
@MainActor
private final class SnapshotBenchDelegate: SceneDelegate {
    let tree: TreeFile
    let built: (Window) -> Void
    var window: Window?

    init(tree: TreeFile, built: @escaping (Window) -> Void) {
        self.tree = tree
        self.built = built
    }

    func scene(_ scene: WindowScene, willConnectWith options: [String: String]) {
        let window = Window(windowScene: scene)
        tree.build(in: window)
        window.makeKeyAndVisible()
        self.window = window
        built(window)
    }
}
