import DBusKit
import Foundation
import SceneBusContract
import Testing

/// The Settings plugin against the real scene-host on the virtual clock: a push and a pop by a
/// scripted edge swipe with WaitForIdle naming the animation until it ends, the About sheet, and the
/// layout following a resize [AN-2, AN-4, NV-2, NV-3, NV-8, LY-10].
@MainActor
@Suite("The Settings app against the real scene-host", .serialized)
struct SettingsAppTests {
    static let window = 1

    private static func configuration() throws -> String {
        try temporaryFile(
            "settings-virtual.yaml",
            """
            plugins:
              folders: ["\(buildFolder())"]
              probe-timeout: 60
            clock: virtual
            accessibility: off
            mpris: off
            \(SanitizedRun.isolationSection)
            scenes:
              - name: settings
                plugin: Settings
                size: [390, 844]
                size-restrictions: {minimum: [320, 480]}
            """)
    }

    /// The host and a client of it; keep the host for as long as the test runs (its end stops it).
    private func start() async throws -> (HostProcess, HostBusClient) {
        let host = try HostProcess(arguments: ["--config", try Self.configuration()])
        let client = try await HostBusClient(host: host)
        _ = try await client.waitForIdle(10)
        return (host, client)
    }

    private func find(_ client: HostBusClient, _ selector: String) async throws -> [String] {
        let reply = try await client.host("Find", [.string(selector)])
        return (reply[0].arrayElements ?? []).map { $0.structFields?.last?.stringValue ?? "" }
    }

    private func tapMatching(_ client: HostBusClient, _ selector: String) async throws -> String {
        try await client.host("TapMatching", [.string(selector), .double(5)]).last?.stringValue ?? ""
    }

    @Test("Tapping General pushes the detail page: WaitForIdle names the slide until the virtual clock passes it; a swipe from the leading edge pops it")
    func pushAndSwipeBack() async throws {
        let (host, client) = try await start()
        defer { withExtendedLifetime(host) { client.close() } }
        #expect(try await find(client, "#row-general:visible") == ["row-general"])
        _ = try await tapMatching(client, "#row-general")
        try await client.waitForSignals("the push's log line") { _ in client.seqOfLog("Pushed General") != nil }
        let error = await client.failure { _ = try await client.waitForIdle(0) }
        #expect(error?.name == SceneBusContract.ErrorNames.timeout)
        #expect(error?.message.contains("animation (window /org/scenehost/SceneHost/window/1, scene settings, view ") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("animates center until") == true)
        _ = try await client.advanceClock(0.5)
        _ = try await client.waitForIdle(0)
        #expect(try await find(client, "#general-list:visible") == ["general-list"])
        #expect(try await find(client, "#settings-table:visible").isEmpty, "the covered page left the window")
        #expect(try await find(client, "Window [text=\"General\"]:visible").count >= 1, "the bar shows the title")

        // The swipe back: from 2 pt off the leading edge across most of the window.
        _ = try await client.window(Self.window, "Swipe", doubles(2, 500, 300, 505, 0.3))
        _ = try await client.advanceClock(0.5)
        _ = try await client.waitForIdle(0)
        #expect(try await find(client, "#settings-table:visible") == ["settings-table"])
        #expect(try await find(client, "#general-list").isEmpty)
    }

    @Test("A swipe that starts away from the edge does not pop; the back button does")
    func backButton() async throws {
        let (host, client) = try await start()
        defer { withExtendedLifetime(host) { client.close() } }
        _ = try await tapMatching(client, "#row-general")
        _ = try await client.advanceClock(0.5)
        _ = try await client.window(Self.window, "Swipe", doubles(100, 500, 350, 505, 0.3))
        _ = try await client.advanceClock(0.5)
        #expect(try await find(client, "#general-list:visible") == ["general-list"])
        _ = try await tapMatching(client, "#back")
        _ = try await client.advanceClock(0.5)
        _ = try await client.waitForIdle(0)
        #expect(try await find(client, "#settings-table:visible") == ["settings-table"])
    }

    @Test("About slides up as a sheet over a dimming view and Done slides it away; the controls log their changes")
    func aboutSheetAndControls() async throws {
        let (host, client) = try await start()
        defer { withExtendedLifetime(host) { client.close() } }
        _ = try await tapMatching(client, "#wifi")
        try await client.waitForSignals("Wi-Fi off") { _ in client.seqOfLog("Wi-Fi off") != nil }
        _ = try await tapMatching(client, "#row-about")
        _ = try await client.advanceClock(0.5)
        _ = try await client.waitForIdle(0)
        #expect(try await find(client, "#about-sheet:visible") == ["about-sheet"])
        #expect(try await find(client, "#dimming:visible") == ["dimming"])
        _ = try await tapMatching(client, "#about-done")
        _ = try await client.advanceClock(0.5)
        _ = try await client.waitForIdle(0)
        #expect(try await find(client, "#about-sheet").isEmpty)
        #expect(try await find(client, "#dimming").isEmpty)
        try await client.waitForSignals("the sheet's log lines") { _ in client.seqOfLog("Dismissed About") != nil }
        #expect(client.seqOfLog("Presented About") != nil)
    }

    @Test("The app follows its scene's size: resized to 600 × 700 its rows span the new width")
    func followsTheSize() async throws {
        let (host, client) = try await start()
        defer { withExtendedLifetime(host) { client.close() } }
        _ = try await client.scene("settings", "Resize", doubles(600, 700))
        _ = try await client.waitForIdle(0)
        let tree = try await client.window(Self.window, "DescribeTree", [])
        let text = tree.first?.stringValue ?? ""
        #expect(text.contains("row-wifi"), "\(text.prefix(400))")
        let row = try #require(text.split(separator: "\n").first { $0.contains("#row-wifi") || $0.contains("row-wifi") })
        #expect(row.contains("600"), "the Wi-Fi row is as wide as the window: \(row)")
    }
}
