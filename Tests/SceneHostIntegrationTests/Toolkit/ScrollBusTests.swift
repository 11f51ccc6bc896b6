import DBusKit
import Foundation
import SceneBusContract
import TestProcesses
import Testing

/// `Window1.Scroll` against the real scene-host, over the toolkit's scroll view (`scroller`: 160 × 200
/// at window (20, 470), content 600 tall, so offsets 0…400) [SV-17 … SV-20].
@MainActor
@Suite("Window1.Scroll against the real scene-host", .serialized)
struct ScrollBusTests {
    @Test("Scroll moves the scroll view under the point by the delta: a wheel step clamps at the edge, a trackpad gesture drags and lifts at rest")
    func scrollsTheScrollView() async throws {
        let host = try ToolkitHost.start(clock: "virtual", toolkitOnly: true)
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        _ = try await client.waitForIdle(10)
        let window = ToolkitHost.toolkitWindow
        #expect(try await client.window(window, "Scroll", doubles(100, 550, 0, 120) + [.string("discrete")]) == [.string("scroller")])
        #expect(try await client.window(window, "Scroll", doubles(100, 550, 0, 500) + [.string("discrete")]) == [.string("scroller")])
        #expect(try await client.window(window, "Scroll", doubles(100, 550, 0, -100) + [.string("continuous")]) == [.string("scroller")])
        try await client.waitForSignals("the trackpad scroll's log line") { _ in client.logLines(of: "toolkit").count >= 3 }
        #expect(client.logLines(of: "toolkit") == ["scrolled to 0, 120", "scrolled to 0, 400", "scrolled to 0, 300"])
        #expect(try await client.window(window, "Scroll", doubles(290, 70, 0, 50) + [.string("discrete")]) == [.string("")], "nothing scrolls over the taps view")
    }

    @Test("Scroll names the bad value: an unknown kind, a delta that is not finite or too large, a point that is not finite")
    func badInput() async throws {
        let host = try ToolkitHost.start(clock: "virtual", toolkitOnly: true)
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        _ = try await client.waitForIdle(10)
        let window = ToolkitHost.toolkitWindow
        let cases: [([BusValue], String)] = [
            (doubles(100, 550, 0, 10) + [.string("wheel")], "Scroll kind 'wheel'"),
            (doubles(100, 550, .nan, 10) + [.string("discrete")], "Scroll delta dx nan"),
            (doubles(100, 550, 0, 2e6) + [.string("continuous")], "Scroll delta dy 2000000.0"),
            (doubles(.infinity, 550, 0, 10) + [.string("discrete")], "Scroll point"),
        ]
        for (arguments, fragment) in cases {
            let error = await client.failure { _ = try await client.window(window, "Scroll", arguments) }
            #expect(error?.name == SceneBusContract.ErrorNames.invalidValue, "\(fragment)")
            #expect(error?.message.contains(fragment) == true, "\(error?.message ?? "no error") should name \(fragment)")
        }
        #expect(client.logLines(of: "toolkit").isEmpty, "nothing scrolled")
    }

    @Test("scenectl scroll prints the view that scrolled, or (nothing); a bad kind is a usage error naming it")
    func scenectlScroll() async throws {
        let host = try ToolkitHost.start(clock: "virtual", toolkitOnly: true)
        #expect(await host.line(containing: "host ready"))
        func scenectl(_ arguments: [String]) async throws -> ScenectlProcess.Outcome {
            let process = try ScenectlProcess(arguments, runtimeFolder: host.runtimeFolder)
            let status = await process.exitStatus(timeout: 60)
            return ScenectlProcess.Outcome(status: status, stdout: process.stdout, stderr: process.stderr)
        }
        #expect(try await scenectl(["scroll", "100", "550", "0", "120", "--window", "toolkit"]).stdout == "scroller\n")
        #expect(try await scenectl(["scroll", "--kind", "continuous", "--", "100", "550", "0", "-20"]).stdout == "scroller\n")
        #expect(try await scenectl(["scroll", "290", "70", "0", "50"]).stdout == "(nothing)\n")
        let bad = try await scenectl(["scroll", "100", "550", "0", "10", "--kind", "wheel"])
        #expect(bad.status == 64, "\(bad)")
        #expect(bad.stderr.contains("--kind 'wheel'"), "\(bad)")
    }

    @Test("DescribeTree and scenectl tree show a scroll view's content offset and size, and follow a scroll")
    func treeShowsTheOffset() async throws {
        let host = try ToolkitHost.start(clock: "virtual", toolkitOnly: true)
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        _ = try await client.waitForIdle(10)
        let window = ToolkitHost.toolkitWindow
        func scroller() async throws -> [String: Any]? {
            let json = try await client.window(window, "DescribeTree")[0].stringValue ?? ""
            let tree = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            func find(_ node: [String: Any]) -> [String: Any]? {
                if node["identifier"] as? String == "scroller" { return node }
                for child in node["children"] as? [[String: Any]] ?? [] { if let found = find(child) { return found } }
                return nil
            }
            return find(try #require(tree["root"] as? [String: Any]))?["scroll"] as? [String: Any]
        }
        let before = try #require(try await scroller())
        #expect(before["contentOffset"] as? [Double] == [0, 0])
        #expect(before["contentSize"] as? [Double] == [160, 600])
        #expect(before["contentInset"] as? [Double] == [0, 0, 0, 0])
        _ = try await client.window(window, "Scroll", doubles(100, 550, 0, 120) + [.string("discrete")])
        #expect(try await scroller()?["contentOffset"] as? [Double] == [0, 120])

        let tree = try ScenectlProcess(["tree", "toolkit"], runtimeFolder: host.runtimeFolder)
        #expect(await tree.exitStatus(timeout: 60) == 0, "\(tree.stderr)")
        let line = tree.stdout.split(separator: "\n").first { $0.contains("scroller") }.map(String.init) ?? tree.stdout
        #expect(line.hasSuffix("scroll: offset (0, 120), content 160 × 600"), "\(line)")
    }
}
