import BenchSupport
import Glibc
import DBusKit
import SceneBusContract

/// Blocking calls to a running host, as a scripting client makes them. Each call is one
/// `dbus_connection_send_with_reply_and_block` round trip through the bus daemon.
@MainActor
final class HostBusDriver {
    let connection: BusConnection

    init(address: String) throws {
        connection = try BusConnection.connectBlocking(to: .address(address))
    }

    /// `org.freedesktop.DBus.Peer.Ping` on the host's root object: the bare round trip.
    func ping(timeout: Duration? = nil) throws {
        _ = try connection.callBlocking(
            destination: SceneBusContract.busName, path: SceneBusContract.rootPath, interface: .peer, member: "Ping", timeout: timeout)
    }

    /// Pings for `seconds`, blocking, pausing 1 ms between calls: when each call began (monotonic ns)
    /// and how long it took (ms).
    func pingEveryMillisecond(for seconds: Double) throws -> [(began: UInt64, milliseconds: Double)] {
        var trace: [(began: UInt64, milliseconds: Double)] = []
        trace.reserveCapacity(Int(seconds * 1_000))
        let end = Clock.monotonic() + UInt64(seconds * 1e9)
        while Clock.monotonic() < end {
            let start = Clock.monotonic()
            try ping(timeout: .seconds(60))
            trace.append((start, Double(Clock.monotonic() - start) / 1e6))
            usleep(1000)
        }
        return trace
    }

    /// `Host1.DisplayStatistics()`, by key.
    func displayStatistics() throws -> [String: BusValue] {
        let reply = try connection.callBlocking(
            destination: SceneBusContract.busName, path: SceneBusContract.rootPath, interface: SceneBusContract.hostInterface,
            member: "DisplayStatistics")
        var values: [String: BusValue] = [:]
        for entry in reply.arguments.first?.dictionaryEntries ?? [] {
            if let key = entry.key.stringValue { values[key] = entry.value.variantValue ?? entry.value }
        }
        return values
    }

    /// `Host1.TouchDown(slot, x, y)`; returns the view reference the touch hit.
    @discardableResult
    func touchDown(slot: UInt32, x: Double, y: Double) throws -> String {
        let message = BusMessage.methodCall(
            destination: SceneBusContract.busName, path: SceneBusContract.rootPath, interface: SceneBusContract.hostInterface,
            member: "TouchDown")
        try message.write { writer in
            try writer.append(slot)
            try writer.append(x)
            try writer.append(y)
        }
        let reply = try connection.callBlocking(message)
        return try reply.read { reader in
            _ = try reader.readUInt64()
            _ = try reader.readObjectPath()
            return try reader.readString()
        }
    }

    /// `Host1.TapMatching(selector, timeout)`: taps the one view `selector` matches (waiting up to
    /// `timeout` seconds for it); returns the view the tap hit.
    @discardableResult
    func tapMatching(_ selector: String, timeout: Double = 5) throws -> String {
        let message = BusMessage.methodCall(
            destination: SceneBusContract.busName, path: SceneBusContract.rootPath, interface: SceneBusContract.hostInterface,
            member: "TapMatching")
        try message.write { writer in
            try writer.append(selector)
            try writer.append(timeout)
        }
        let reply = try connection.callBlocking(message)
        return try reply.read { reader in
            _ = try reader.readObjectPath()
            return try reader.readString()
        }
    }

    /// `Window1.Swipe(x0, y0, x1, y1, seconds)` on window `window`: a scripted finger dragged from
    /// `start` to `end` (window points) over `seconds`, then lifted; returns the view it hit.
    @discardableResult
    func swipe(window: Int, from start: (x: Double, y: Double), to end: (x: Double, y: Double), seconds: Double) throws -> String {
        let message = BusMessage.methodCall(
            destination: SceneBusContract.busName, path: SceneBusContract.windowPath(window), interface: SceneBusContract.windowInterface,
            member: "Swipe")
        try message.write { writer in
            for value in [start.x, start.y, end.x, end.y, seconds] { try writer.append(value) }
        }
        let reply = try connection.callBlocking(message)
        return try reply.read { reader in try reader.readString() }
    }

    /// `Host1.TouchUp(slot)`.
    func touchUp(slot: UInt32) throws {
        let message = BusMessage.methodCall(
            destination: SceneBusContract.busName, path: SceneBusContract.rootPath, interface: SceneBusContract.hostInterface,
            member: "TouchUp")
        try message.write { writer in try writer.append(slot) }
        _ = try connection.callBlocking(message)
    }

    /// `Host1.InjectTouches` with one finger (slot 0): down at `start`, `moves` moves of 0.25 pt, up; every
    /// sample without delay. Returns the number of samples sent.
    @discardableResult
    func injectStroke(at start: (x: Double, y: Double), moves: Int) throws -> Int {
        let message = BusMessage.methodCall(
            destination: SceneBusContract.busName, path: SceneBusContract.rootPath, interface: SceneBusContract.hostInterface,
            member: "InjectTouches")
        try message.write { writer in
            try writer.appendArray(of: "(usddd)") { array in
                func sample(_ phase: String, _ x: Double, _ y: Double) throws {
                    try array.appendStruct { item in
                        try item.append(UInt32(0))
                        try item.append(phase)
                        try item.append(x)
                        try item.append(y)
                        try item.append(0.0)
                    }
                }
                try sample("down", start.x, start.y)
                for index in 0..<moves {
                    try sample("move", start.x + Double(index % 40) * 0.25, start.y)
                }
                try sample("up", start.x, start.y)
            }
        }
        _ = try connection.callBlocking(message, timeout: .seconds(60))
        return moves + 2
    }
}
