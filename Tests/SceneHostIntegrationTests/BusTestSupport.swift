import DBusKit
import Foundation
import SceneBusContract
import Testing

struct TimedOut: Error, CustomStringConvertible {
    let description: String
}

/// One signal of `org.scenehost.Host1` as received.
struct HostSignal: CustomStringConvertible {
    let member: String
    let arguments: [BusValue]

    var seq: UInt64 { arguments.first?.uint64Value ?? 0 }
    func string(_ index: Int) -> String { arguments[index].stringValue ?? arguments[index].objectPathValue?.rawValue ?? "" }
    var description: String { "\(member)\(arguments.map { "\($0)" })" }
}

/// A D-Bus client of a running scene-host, on the host's bus.
@MainActor
final class HostBusClient {
    let connection: BusConnection
    private(set) var signals: [HostSignal] = []
    private var subscription: MatchSubscription?
    private var waiters: [Int: (condition: ([HostSignal]) -> Bool, continuation: CheckedContinuation<Void, any Error>)] = [:]
    private var nextWaiter = 0

    /// Connects to the bus whose address `host` published, and subscribes to every Host1 signal.
    init(host: HostProcess, subscribe: Bool = true) async throws {
        let addressFile = host.runtimeFolder + "/scenehost/bus-address"
        #expect(await host.line(containing: "host ready"))
        let address = try String(contentsOfFile: addressFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        connection = try await BusConnection.connect(to: .address(address))
        if subscribe {
            subscription = try await connection.addMatch(
                .signal(sender: SceneBusContract.busName, interface: SceneBusContract.hostInterface)
            ) { [weak self] message in
                self?.record(HostSignal(member: message.member?.rawValue ?? "", arguments: message.arguments))
            }
        }
    }

    private func record(_ signal: HostSignal) {
        signals.append(signal)
        for (id, waiter) in waiters where waiter.condition(signals) {
            waiters[id] = nil
            waiter.continuation.resume()
        }
    }

    /// Waits until `condition` holds for the signals received so far; `timeout` is scaled for
    /// sanitized runs (``SanitizedRun/timeScale``).
    func waitForSignals(_ what: String, timeout: Duration = .seconds(60), until condition: @escaping ([HostSignal]) -> Bool) async throws {
        if condition(signals) { return }
        let timeout = SanitizedRun.scaled(timeout)
        let id = nextWaiter
        nextWaiter += 1
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            waiters[id] = (condition, continuation)
            Task { @MainActor [weak self] in
                try? await Task.sleep(for: timeout)
                guard let self, let waiter = self.waiters.removeValue(forKey: id) else { return }
                waiter.continuation.resume(throwing: TimedOut(description: "waited \(timeout) for \(what); got \(self.signals.suffix(8))"))
            }
        }
    }

    func signals(named member: String) -> [HostSignal] { signals.filter { $0.member == member } }

    /// The lines of `Log` signals from scene `name`, in order.
    func logLines(of scene: String) -> [String] {
        signals(named: "Log").filter { $0.string(1) == SceneBusContract.scenePath(scene).rawValue }.map { $0.string(2) }
    }

    func clear() { signals.removeAll() }

    func call(
        _ path: ObjectPath, _ interface: InterfaceName, _ member: MemberName, _ arguments: [BusValue] = []
    ) async throws -> [BusValue] {
        // A guard against a hang, scaled like the others: under AddressSanitizer on a loaded machine a
        // scene process plays a 10,000-key W3C body in more than 60 s (proof P92).
        try await connection.call(
            destination: SceneBusContract.busName, path: path, interface: interface, member: member, arguments: arguments,
            timeout: SanitizedRun.scaled(.seconds(60))
        ).arguments
    }

    func host(_ member: MemberName, _ arguments: [BusValue] = []) async throws -> [BusValue] {
        try await call(SceneBusContract.rootPath, SceneBusContract.hostInterface, member, arguments)
    }

    /// `Host1.DisplayStatistics`, by key.
    func displayStatistics() async throws -> [String: BusValue] {
        var values: [String: BusValue] = [:]
        for entry in try await host("DisplayStatistics").first?.dictionaryEntries ?? [] {
            if let key = entry.key.stringValue { values[key] = entry.value.variantValue ?? entry.value }
        }
        return values
    }

    func window(_ number: Int, _ member: MemberName, _ arguments: [BusValue] = []) async throws -> [BusValue] {
        try await call(SceneBusContract.windowPath(number), SceneBusContract.windowInterface, member, arguments)
    }

    func scene(_ name: String, _ member: MemberName, _ arguments: [BusValue] = []) async throws -> [BusValue] {
        try await call(SceneBusContract.scenePath(name), SceneBusContract.sceneInterface, member, arguments)
    }

    func property(_ path: ObjectPath, _ interface: InterfaceName, _ name: String) async throws -> BusValue {
        let reply = try await call(path, .properties, "Get", [.string(interface.rawValue), .string(name)])
        return reply[0].variantValue ?? reply[0]
    }

    /// The D-Bus error name a call fails with, or nil when it succeeds.
    func errorName(of work: () async throws -> Void) async -> String? {
        do {
            try await work()
            return nil
        } catch let error as BusError {
            return error.name.rawValue
        } catch {
            return "\(error)"
        }
    }

    /// `seq` values with no gaps from the first to the last received.
    var sequenceIsContiguous: Bool {
        let seqs = signals.map(\.seq)
        guard let first = seqs.first else { return true }
        return seqs == Array(first..<(first + UInt64(seqs.count)))
    }

    func close() {
        subscription?.cancel()
        connection.close()
    }
}

/// Window numbers of the default configuration: windows are numbered in the order they appear.
enum DemoWindow {
    static let findview = 1
    static let gesturelab = 2
    static let galleryMain = 3
    static let galleryAlert = 4
}

/// `BusValue` shorthand for doubles.
func doubles(_ values: Double...) -> [BusValue] { values.map { .double($0) } }

/// The error a call fails with (name and message), or nil when it succeeds.
@MainActor
func busFailure(of work: () async throws -> Void) async -> BusError? {
    do {
        try await work()
        return nil
    } catch let error as BusError {
        return error
    } catch {
        return BusError.failed("\(error)")
    }
}
