import DBusKit
import SceneBusContract
import Testing

/// Seed 002 with a real table, against the real scene-host on the virtual clock: GestureLab's
/// `table` (1,000 rows at window (20, 60), 350 × 180; row n spans y = 60 + 44·(n − 1) …) under the
/// cyan background's tap recognizer, beside the orange `button` and the "Let the table have its taps"
/// switch [SV-12, SV-13, SV-16, TV-5, TV-6]. The window is at screen x = 400; (100, 150) is Row 3.
@MainActor
@Suite("GestureLab's table against the real scene-host (seed 002)", .serialized)
struct GestureLabTableTests {
    let host: HostProcess

    init() throws {
        host = try HostProcess(arguments: ["--clock", "virtual"])
    }

    private func connect() async throws -> HostBusClient {
        let client = try await HostBusClient(host: host)
        try await client.settle()
        client.clear()
        return client
    }

    private static let window = DemoWindow.gesturelab
    /// Row 3's middle (window points), and the same point on the screen.
    private static let row3 = (x: 100.0, y: 150.0), row3OnScreen = (x: 500.0, y: 150.0)

    @Test("SV-16: a quick tap on a row fires the background tap and the row sees nothing; a slower press gets touchesBegan after 150 ms, then the tap cancels it; neither selects")
    func backgroundTapWins() async throws {
        let client = try await connect()
        defer { client.close() }
        #expect(try await client.window(Self.window, "Tap", doubles(Self.row3.x, Self.row3.y) + [.uint32(1)]) == [.string("row-3")])
        try await client.settle()
        #expect(client.logLines(of: "gesturelab") == ["Background tap"], "a quick click never reaches the row's touchesBegan")

        client.clear()
        var log = TimedLog(client: client, start: try await client.now())
        _ = try await client.host("TouchDown", [.uint32(0), .double(Self.row3OnScreen.x), .double(Self.row3OnScreen.y)])
        try await log.advance(0.149)
        #expect(log.lines.isEmpty, "the row's touchesBegan is still held back")
        try await log.advance(0.001)
        try await log.advance(0.15)
        _ = try await client.host("TouchUp", [.uint32(0)])
        try await log.record()
        #expect(log.lines == ["0.150 Row 3 touches began", "0.300 Background tap", "0.300 Row 3 touches cancelled"])
        try await client.settle()
        #expect(!client.logLines(of: "gesturelab").contains { $0.hasPrefix("Selected") }, "didSelectRowAt is never called")
    }

    @Test("The switch on (seed 002's fix): a tap on Row 3 selects it and the background tap does not fire; elsewhere on the background it still does")
    func switchLetsTheTableHaveItsTaps() async throws {
        let client = try await connect()
        defer { client.close() }
        #expect(try await client.window(Self.window, "TapView", [.string("table-taps")]) == [.string("table-taps")])
        try await client.settle()
        #expect(client.logLines(of: "gesturelab").isEmpty, "the switch is a control: the background's tap does not begin on it")
        #expect(try await client.window(Self.window, "Tap", doubles(Self.row3.x, Self.row3.y) + [.uint32(1)]) == [.string("row-3")])
        try await client.settle()
        #expect(client.logLines(of: "gesturelab") == ["Row 3 touches began", "Row 3 touches ended", "Selected Row 3"])
        client.clear()
        #expect(try await client.window(Self.window, "Tap", doubles(300, 30) + [.uint32(1)]) == [.string("background")])
        try await client.settle()
        #expect(client.logLines(of: "gesturelab") == ["Background tap"])
    }

    @Test("SV-12: a finger held still on a row gets touchesBegan 150 ms after the touch-down, the button's comes at once; held past the tap's 0.75 s the row is selected at the lift")
    func heldRowWaitsButtonDoesNot() async throws {
        let client = try await connect()
        defer { client.close() }
        var log = TimedLog(client: client, start: try await client.now())
        _ = try await client.host("TouchDown", [.uint32(0), .double(460), .double(285)])
        try await log.record()
        _ = try await client.host("TouchUp", [.uint32(0)])
        try await log.record()
        _ = try await client.host("TouchDown", [.uint32(0), .double(Self.row3OnScreen.x), .double(Self.row3OnScreen.y)])
        try await log.record()
        try await log.advance(0.149)
        try await log.advance(0.001)
        try await log.advance(0.85)
        _ = try await client.host("TouchUp", [.uint32(0)])
        try await log.record()
        #expect(
            log.lines == [
                "0.000 Button touches began", "0.000 Button touches ended", "0.000 Button tapped",
                "0.150 Row 3 touches began", "1.000 Row 3 touches ended", "1.000 Selected Row 3",
            ])
    }

    @Test("SV-13: a drag that starts on a held row scrolls the table and cancels the row's touches; nothing is selected or tapped")
    func dragScrollsAndCancels() async throws {
        let client = try await connect()
        defer { client.close() }
        // Row 4 (y 192…236) held for 0.2 s, a 2-point move, then up by 160 points.
        let x = 500.0
        let samples: [(String, Double, Double)] = [("down", 230, 0), ("move", 228, 0.2), ("move", 200, 0.016), ("move", 150, 0.016), ("move", 70, 0.016), ("up", 70, 0.016)]
        let values: [BusValue] = samples.map { .structure([.uint32(0), .string($0.0), .double(x), .double($0.1), .double($0.2)]) }
        let began = try await client.host("InjectTouches", [.array(element: "(usddd)", values)])
        #expect(began[0].arrayElements?.first?.structFields?.last == .string("row-4"))
        _ = try await client.advanceClock(10)
        try await client.settle()
        #expect(client.logLines(of: "gesturelab") == ["Row 4 touches began", "Row 4 touches moved", "Row 4 touches cancelled"])
        let hit = try await client.window(Self.window, "HitTest", doubles(100, 230))[0].stringValue ?? ""
        let row = Int(hit.dropFirst("row-".count)) ?? 0
        #expect(hit.hasPrefix("row-") && row >= 7, "the content moved up by at least the 130 points dragged after the pan began: \(hit)")
    }
}

/// Log lines with the virtual time they came at, relative to `start` ("0.150 Row 3 touches began"):
/// each step records the lines received since the last one at the host clock's time after it.
@MainActor
private struct TimedLog {
    let client: HostBusClient
    let start: Double
    private(set) var lines: [String] = []
    private var seen = 0

    init(client: HostBusClient, start: Double) {
        self.client = client
        self.start = start
    }

    /// Moves the virtual clock, then records what came meanwhile.
    mutating func advance(_ seconds: Double) async throws {
        _ = try await client.advanceClock(seconds)
        try await record()
    }

    /// Records the lines received since the last step, at the clock's time now. Signals a call emits
    /// come before its reply on the same connection, so they are all in by then.
    mutating func record() async throws {
        let now = try await client.now()
        let all = client.logLines(of: "gesturelab")
        let stamp = Self.seconds(milliseconds: Int(((now - start) * 1000).rounded()))
        for line in all[seen...] {
            lines.append("\(stamp) \(line)")
        }
        seen = all.count
    }

    /// 150 as "0.150", 1000 as "1.000".
    private static func seconds(milliseconds: Int) -> String {
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}

extension HostBusClient {
    /// `Host1.Now`: the host clock's time in seconds.
    func now() async throws -> Double {
        try await host("Now")[0].doubleValue ?? .nan
    }
}
