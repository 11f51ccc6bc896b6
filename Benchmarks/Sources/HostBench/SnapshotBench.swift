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
    let host = try BusHost(sceneHost: sceneHost, arguments: ["--config", config, "--isolation", "none"], readyTimeout: 10)
    defer { host.stop() }
    let driver = try HostBusDriver(address: host.address)
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

/// `HostBench snapshot --isolation process`: `Window1.Snapshot(1.0)` of the realistic window when its
/// scene runs in a process of its own (the board encodes the PNG from the process's shared buffer)
/// against the same scene loaded into the host: two hosts, each on a bus daemon of its own, measured
/// in interleaved blocks; per run the ratio of the medians, then the median and the worst of the runs
/// (issue 26's target ≤ 1.2×).
@MainActor
func runIsolatedSnapshotSection(sceneHost: String, quick: Bool, runs: Int) throws {
    let report = Report.shared
    report.heading("Window snapshots of a scene in its own process")
    // The scene process reads the tree file, which its sandbox would not let it (it reads only the
    // plugin's folder, the system's libraries and fonts): the comparison is of the snapshot's path.
    let base = "Benchmarks/Config/realistic.yaml"
    let folder = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let config = folder + "/realistic-unsandboxed.yaml"
    let text = try String(contentsOfFile: base, encoding: .utf8)
        .replacingOccurrences(of: "\"@executable_dir\"", with: "\"" + URL(fileURLWithPath: sceneHost).deletingLastPathComponent().path + "\"")
        .replacingOccurrences(of: "\"Benchmarks/Config/", with: "\"" + FileManager.default.currentDirectoryPath + "/Benchmarks/Config/")
    guard FileManager.default.createFile(atPath: config, contents: Data((text + "isolation:\n  sandbox: off\n").utf8)) else {
        throw BenchError("cannot write \(config)")
    }
    let perBlock = quick ? 20 : 50, blocks = quick ? 3 : 5
    var ratios: [Double] = [], isolatedMedians: [Double] = [], inHostMedians: [Double] = []
    var size = 0
    for run in 0..<runs {
        report.progress("snapshot --isolation process: run \(run + 1) of \(runs)")
        var samples: [[Double]] = [[], []]
        var snapshots: [() throws -> Int] = []
        var cleanup: [() -> Void] = []
        defer { for step in cleanup.reversed() { step() } }
        for mode in ["none", "process"] {
            let host = try BusHost(sceneHost: sceneHost, arguments: ["--config", config, "--isolation", mode], readyTimeout: 20)
            cleanup.append { host.stop() }
            let driver = try HostBusDriver(address: host.address)
            snapshots.append {
                let message = BusMessage.methodCall(
                    destination: SceneBusContract.busName, path: SceneBusContract.windowPath(1), interface: SceneBusContract.windowInterface,
                    member: "Snapshot")
                try message.write { writer in try writer.append(1.0) }
                let reply = try driver.connection.callBlocking(message, timeout: .seconds(10))
                return try reply.read { reader in try reader.readBytes() }.count
            }
        }
        let sizes = try snapshots.map { try $0() }
        guard sizes[0] == sizes[1] else {
            report.fail("snapshot --isolation process: the isolated scene's PNG has \(sizes[1]) bytes, the in-host one's \(sizes[0])")
            return
        }
        size = sizes[0]
        for _ in 0..<10 { for snapshot in snapshots { _ = try snapshot() } }
        for block in 0..<(blocks * 2) {
            let which = block % 2
            for _ in 0..<perBlock {
                let start = Clock.monotonic()
                _ = try snapshots[which]()
                samples[which].append(Double(Clock.monotonic() - start) / 1e3)
            }
        }
        let inHost = Stats.median(samples[0]), isolated = Stats.median(samples[1])
        inHostMedians.append(inHost)
        isolatedMedians.append(isolated)
        ratios.append(isolated / inHost)
    }
    let median = Stats.median(ratios), worst = ratios.max() ?? 0
    let ok = median <= 1.2
    if !ok { report.fail("snapshot --isolation process: isolated ÷ in host is \(Format.ratio(median)) (target ≤ 1.2×)") }
    report.line(
        """
        `\(sceneHost) --bus <a bus daemon of its own> --config \(base)` (with `isolation.sandbox: off`: the scene process \
        reads the tree file) `--isolation none`, and the same with `--isolation process`, \
        side by side: `Window1.Snapshot(1.0)` of the realistic window (\(Format.grouped(size)) bytes of PNG, identical from both) \
        with DBusKit's blocking call, \(blocks) blocks of \(perBlock) calls to each host, interleaved; per run the ratio of the \
        medians, \(runs) runs with fresh hosts.

        """)
    report.table(
        ["", "in the host, µs (median of runs)", "in its own process, µs", "isolated ÷ in host: median", "worst", "target", "result"],
        [[
            "`Window1.Snapshot(1.0)` of the realistic window", Format.ns(Stats.median(inHostMedians)), Format.ns(Stats.median(isolatedMedians)),
            Format.ratio(median), Format.ratio(worst), "≤ 1.2×", ok ? "**pass**" : "**FAIL**",
        ]])
}
