import DBusKit
import Foundation
import Testing

@Suite("scene-host --display: on, auto and off without a usable display")
struct DisplayStartTests {
    @Test("display on with neither WAYLAND_DISPLAY nor DISPLAY set exits 78 naming both, from the option or the file's line")
    func onWithoutDisplay() async throws {
        let host = try HostProcess(arguments: ["--display", "on"])
        #expect(await host.exitStatus() == 78)
        let message = host.log.joined(separator: "\n")
        #expect(message.contains("--display on: no display to show the scenes on: neither WAYLAND_DISPLAY nor DISPLAY is set"), "\(message)")
        let config = try temporaryFile("display-on.yaml", "scenes: []\ndisplay: on\n")
        defer { try? FileManager.default.removeItem(atPath: config) }
        let fromFile = try HostProcess(arguments: ["--config", config])
        #expect(await fromFile.exitStatus() == 78)
        #expect(fromFile.log.contains { $0.contains("\(config):2: display: on: no display") && $0.contains("WAYLAND_DISPLAY") && $0.contains("DISPLAY") }, "\(fromFile.log)")
    }

    @MainActor
    @Test("display on with a DISPLAY nobody serves exits 78 with SDL's reason; auto carries on headless")
    func unreachableDisplay() async throws {
        // No scenes: the host exits at start, and probes still running then would leave their output
        // buffers (Data, whose pointers LeakSanitizer cannot read) to the exit-time leak check.
        let empty = try temporaryFile("no-scenes.yaml", "scenes: []\n")
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let on = try HostProcess(
            arguments: ["--config", empty, "--display", "on"],
            environment: ["DISPLAY": ":987"].merging(SanitizedRun.sdlFailureOverrides) { $1 })
        #expect(await on.exitStatus() == 78)
        #expect(on.log.contains { $0.contains("scene-host: display: on, but SDL could not open a display") }, "\(on.log.suffix(5))")
        let auto = try HostProcess(arguments: ["--display", "auto"], environment: ["DISPLAY": ":987"])
        #expect(await auto.line(containing: "running headless"))
        let client = try await HostBusClient(host: auto)
        defer { client.close() }
        #expect(try await client.window(DemoWindow.findview, "Tap", doubles(240, 250) + [.uint32(1)]).first?.stringValue == "blue")
    }

    @Test("display on when libSDL2 cannot be opened exits 78 naming the library and the package that has it")
    func withoutSDL() async throws {
        let empty = try temporaryFile("no-scenes-no-sdl.yaml", "scenes: []\n")
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let host = try HostProcess(
            arguments: ["--config", empty, "--display", "on"], environment: ["DISPLAY": ":987", "SCENEHOST_SDL2_LIBRARY": "libSDL2-missing.so.0"])
        #expect(await host.exitStatus() == 78)
        #expect(
            host.log.contains {
                $0.contains("SDL could not open a display") && $0.contains("cannot open libSDL2-missing.so.0")
                    && $0.contains("apt-get install libsdl2-2.0-0")
            }, "\(host.log.suffix(5))")
    }

    @Test("--display takes auto, on or off; anything else is a usage error naming it")
    func badOption() async throws {
        let host = try HostProcess(arguments: ["--display", "x11", "--check-config"])
        #expect(await host.exitStatus() == 64)
        #expect(host.log.contains { $0.contains("--display 'x11' is not a display mode: use auto, on or off") }, "\(host.log)")
    }
}
