import Foundation
import TestProcesses
import Testing

/// How scene-host starts the bridge when there is no accessibility bus, for each `accessibility` mode.
@Suite("AT-SPI2 start-up without an accessibility bus")
struct AccessibilityStartTests {
    /// A configuration with no scenes and `accessibility: <mode>`.
    private func host(mode: String, arguments: [String] = []) throws -> HostProcess {
        let configuration = try temporaryFile("accessibility-\(mode).yaml", "accessibility: \(mode)\nscenes: []\n")
        return try HostProcess(arguments: ["--config", configuration] + arguments, environment: ["AT_SPI_BUS_ADDRESS": ""])
    }

    /// Log lines of the accessibility bridge.
    private func bridgeLines(_ host: HostProcess) -> [String] {
        host.log.filter { $0.contains("[accessibility]") }
    }

    @Test("With auto and no accessibility bus, the host logs it once at info and carries on")
    func autoWithoutBus() async throws {
        let host = try self.host(mode: "auto")
        #expect(await host.line(containing: "no accessibility bus"))
        #expect(await host.line(containing: "host ready"))
        let lines = bridgeLines(host)
        #expect(lines.count == 1)
        #expect(lines.first?.contains(" info [accessibility] no accessibility bus: no session bus") == true, "\(lines)")
        #expect(host.process.isRunning)
    }

    @Test("With on and no accessibility bus, the host warns and carries on")
    func onWithoutBus() async throws {
        let host = try self.host(mode: "on")
        #expect(await host.line(containing: "there is no accessibility bus"))
        #expect(bridgeLines(host).first?.contains(" warning [accessibility] ") == true, "\(bridgeLines(host))")
        #expect(host.process.isRunning)
    }

    @Test("With off, the host says so (at debug) and does not look for an accessibility bus")
    func off() async throws {
        let host = try self.host(mode: "off", arguments: ["--log-level", "debug"])
        #expect(await host.line(containing: "host ready"))
        #expect(bridgeLines(host).map { $0.contains("AT-SPI2 accessibility is off (configuration)") } == [true], "\(bridgeLines(host))")
    }
}
