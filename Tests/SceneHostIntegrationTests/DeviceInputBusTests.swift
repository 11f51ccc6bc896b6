import DBusKit
import Foundation
import SceneBusContract
import Testing

@MainActor
@Suite("Device input on the bus: SendInput, Input signals, DisplayStatistics of a headless host")
struct DeviceInputBusTests {
    @Test(
        "SendInput delivers a device line as a desktop window would: an Input signal, then the touch's signals, and answers what the touch hit; bad lines are InvalidValue naming them; the same with every scene in a process of its own",
        arguments: ["none", "process"])
    func sendInput(isolation: String) async throws {
        let host = try HostProcess(arguments: ["--display", "off", "--isolation", isolation])
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        let began = try await client.host("SendInput", [.string("touch findview 0 down 240 250")])
        let fields = began.first?.arrayElements?.first?.structFields ?? []
        #expect(
            fields.count == 3 && fields[0].uint64Value ?? 0 > 0 && fields[1].objectPathValue == SceneBusContract.windowPath(DemoWindow.findview)
                && fields[2].stringValue == "blue", "\(began)")
        _ = try await client.host("SendInput", [.string("touch findview 0 up 240 250")])
        try await client.waitForSignals("the blue trace") { _ in client.logLines(of: "findview").count == HostLifecycleTests.blueTrace.count }
        #expect(client.logLines(of: "findview") == HostLifecycleTests.blueTrace)
        let inputs = client.signals(named: "Input").map { $0.string(2) }
        #expect(inputs == ["touch findview 0 down 240 250", "touch findview 0 up 240 250"])
        let order = client.signals.map(\.member)
        #expect(order.firstIndex(of: "Input") ?? 99 < order.firstIndex(of: "Touch") ?? -1, "the Input signal comes before what it causes")
        for (line, fragment) in [
            ("tap findview 1 2", "is not one line of device input"), ("touch findview 0 hover 1 2", "'0 hover 1 2' is not SLOT PHASE X Y"),
            ("key a press", "PHASE must be began"), ("type a\nb", "one line of device input"), ("", "is not one line of device input"),
        ] {
            var message = ""
            do {
                _ = try await client.host("SendInput", [.string(line)])
            } catch let error as BusError {
                message = "\(error.name.rawValue): \(error.message)"
            }
            #expect(message.hasPrefix("org.scenehost.Error.InvalidValue") && message.contains(fragment), "\(line): \(message)")
        }
    }

    @Test("DisplayStatistics says off, with zero counters, when there are no desktop windows")
    func statisticsWithoutDisplay() async throws {
        let host = try HostProcess(arguments: ["--display", "off"])
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        let values = try await client.displayStatistics()
        #expect(values["display"] == .string("off"))
        #expect(values["frames"] == .uint64(0) && values["queued"] == .uint32(0) && values["frame-owed"] == .bool(false))
        #expect(values.count == 15 && values["input-waits"] == .uint64(0))
    }
}
