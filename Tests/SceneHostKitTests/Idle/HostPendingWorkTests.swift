import Logging
import SceneCore
import SceneHostKit
import SceneRender
import Testing

/// The host's own pending-work sources, through a `SceneHost` on the virtual clock (no bus): scripted
/// input runs, plugin timers and redraws owed to kept pixels.
@MainActor
@Suite("The host's pending work")
struct HostPendingWorkTests {
    let host: SceneHost
    let delegate: BuildWindow
    let target = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))

    init() throws {
        var configuration = HostConfiguration()
        configuration.clock = .virtual
        host = SceneHost(configuration: configuration, logger: Logger(label: "test"), executable: "/nonexistent/scene-host")
        delegate = BuildWindow(views: [target])
        let scene = try host.application.connectScene(named: "s", delegate: delegate, screenFrame: Rect(x: 0, y: 0, width: 200, height: 200))
        scene.activate()
    }

    private var kinds: [BusySource.Kind] { host.pendingWork.busySources().map(\.kind) }

    @Test("A window whose pixels the host keeps owes a redraw after a change; waiting for idle draws it")
    func redrawOwed() throws {
        #expect(host.pendingWork.isIdle())
        _ = try host.renderer.renderWindow(delegate.window!, scale: 1)
        #expect(kinds.isEmpty, "just drawn")
        target.backgroundColor = .red
        #expect(kinds == [.redraw])
        #expect(host.pendingWork.busySources().first?.detail == "its pixels at scale 1 changed since they were last drawn")
        #expect(host.pendingWork.isIdle(), "settling draws it")
        #expect(host.renderer.redrawsOwed.isEmpty)
    }

    @Test("A window nobody draws owes nothing when it changes")
    func nothingKept() {
        target.backgroundColor = .blue
        #expect(host.pendingWork.isIdle())
    }

    @Test("A plugin timer keeps the host busy until it fires; its deadline is given")
    func pluginTimer() {
        _ = host.clock.schedule(after: 0.3) {}
        let busy = host.pendingWork.busySources()
        #expect(busy.map(\.kind) == [.timer])
        #expect(busy.first?.deadline == 0.3)
        (host.clock as? VirtualClock)?.advance(by: 0.3)
        #expect(host.pendingWork.isIdle())
    }

    @Test("A finger down is busy work named with its view")
    func fingerDown() throws {
        let touch = try host.injector.down(slot: 0, at: Point(x: 50, y: 50))
        #expect(kinds == [.touch])
        #expect(host.pendingWork.busySources().first?.view === target)
        try host.injector.up(slot: 0)
        #expect(host.pendingWork.isIdle())
        _ = touch
    }
}
