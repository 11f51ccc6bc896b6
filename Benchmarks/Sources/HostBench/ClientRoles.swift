import BenchSupport
import DBusKit
import Foundation
import Glibc
import SceneBusContract

/// `HostBench bus-subscriber ADDRESS`: subscribes to every `org.scenehost.Host1` signal, prints
/// `subscribed`, then the number of `Touch` signals received after every 10,000; once told the expected
/// count on standard input and it has arrived (or 10 s pass without a signal), prints
/// `touches=N signals=N gaps=N disorders=N first=NS last=NS` and exits. `seq` must grow by exactly 1 per
/// signal of any member.
@MainActor
func runSubscriberRole(address: String) -> Never {
    final class Tally {
        var touches = 0
        var signals = 0
        var gaps = 0
        var disorders = 0
        var lastSeq: UInt64?
        var first: UInt64 = 0
        var last: UInt64 = 0
        var expected: Int?
        var lastArrival = Clock.monotonic()
        /// The connection and the subscription live as long as they are held (a local would be
        /// released after its last use, closing the connection).
        var connection: BusConnection?
        var subscription: MatchSubscription?
    }
    let tally = Tally()
    let connection: BusConnection
    do {
        connection = try BusConnection.connectBlocking(to: .address(address))
    } catch {
        print("error: \(error)")
        exit(1)
    }
    tally.connection = connection
    Task { @MainActor in
        do {
            tally.subscription = try await connection.addMatch(.signal(sender: SceneBusContract.busName, interface: SceneBusContract.hostInterface)) { message in
                let now = Clock.monotonic()
                tally.lastArrival = now
                tally.signals += 1
                let seq = (try? message.read { reader in try reader.readUInt64() }) ?? 0
                if let previous = tally.lastSeq {
                    if seq < previous + 1 { tally.disorders += 1 } else if seq > previous + 1 { tally.gaps += 1 }
                }
                tally.lastSeq = seq
                if message.member?.rawValue == "Touch" {
                    if tally.touches == 0 { tally.first = now }
                    tally.last = now
                    tally.touches += 1
                    if tally.touches % 10_000 == 0 { emitLine("\(tally.touches)") }
                }
            }
            emitLine("subscribed")
        } catch {
            emitLine("error: \(error)")
            exit(1)
        }
    }
    let stdinSource = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
    stdinSource.setEventHandler {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = Glibc.read(STDIN_FILENO, &buffer, buffer.count)
        guard count > 0 else {
            stdinSource.cancel()  // end of file: nothing more will come
            return
        }
        tally.expected = Int(String(decoding: buffer[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
    stdinSource.resume()
    while true {
        _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
        if let expected = tally.expected,
            tally.touches >= expected || Clock.monotonic() - tally.lastArrival > 10_000_000_000
        {
            emitLine("touches=\(tally.touches) signals=\(tally.signals) gaps=\(tally.gaps) disorders=\(tally.disorders) first=\(tally.first) last=\(tally.last)")
            exit(0)
        }
    }
}

/// `HostBench bus-client ADDRESS ping|touch SECONDS X Y`: connects, prints `connected`, waits for a
/// line on standard input (the start barrier), then calls for SECONDS (`Peer.Ping`, or `TouchDown` and
/// `TouchUp` alternately at X Y) and prints its calls per second.
@MainActor
func runClientRole(address: String, mode: String, seconds: Double, x: Double, y: Double) -> Never {
    do {
        let driver = try HostBusDriver(address: address)
        emitLine("connected")
        var buffer = [UInt8](repeating: 0, count: 64)
        _ = Glibc.read(STDIN_FILENO, &buffer, buffer.count)
        let start = Clock.monotonic()
        let end = start + UInt64(seconds * 1e9)
        var calls = 0
        while Clock.monotonic() < end {
            if mode == "ping" {
                try driver.ping()
                calls += 1
            } else {
                try driver.touchDown(slot: 0, x: x, y: y)
                try driver.touchUp(slot: 0)
                calls += 2
            }
        }
        emitLine("\(Double(calls) / (Double(Clock.monotonic() - start) / 1e9))")
        exit(0)
    } catch {
        emitLine("error: \(error)")
        exit(1)
    }
}

/// One line on standard output, flushed (the parent reads it through a pipe).
func emitLine(_ text: String) {
    print(text)
    fflush(nil)  // every stream; `stdout` itself is a C global Swift 6 will not read
}
