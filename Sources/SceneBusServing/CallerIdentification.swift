package import DBusKit
package import Logging

/// Finds out which process is behind a bus client, for `input-allowed-executables`.
///
/// The bus daemon knows each connection's process: `GetConnectionUnixProcessID` is asked once per
/// unique name, without blocking (the call suspends a main-actor task; the handlers that wait are
/// answered when it returns, in the order they asked). A unique name is never reused on a bus, so
/// its process ID is kept until the name leaves the bus (`NameOwnerChanged`). The executable is read
/// from `/proc/PID/exe` on every changing call, so a process that `exec`s something else is judged
/// by what it runs now.
@MainActor
package final class CallerIdentification {
    private let connection: BusConnection
    private let logger: Logger
    private var processIDs: [String: Int32] = [:]
    private var waiting: [String: [@MainActor (Result<Int32, LookupFailure>) -> Void]] = [:]
    private var departures: MatchSubscription?

    /// Why the bus could not say who a caller is.
    struct LookupFailure: Error, Sendable {
        let reason: String
    }

    package init(connection: BusConnection, logger: Logger) {
        self.connection = connection
        self.logger = logger
        Task { [weak self] in await self?.followDepartures() }
    }

    /// The caller named `sender` (a unique name), now when its process is known, else once the bus
    /// has answered.
    package func identify(_ sender: String, completion: @escaping @MainActor (InputAdmission.Caller) -> Void) {
        processID(of: sender) { result in
            switch result {
            case .success(let pid):
                completion(Self.caller(sender, pid: pid))
            case .failure(let failure):
                completion(.unidentified(name: sender, reason: failure.reason))
            }
        }
    }

    /// The caller `sender` running process `pid`: its executable, read from `/proc/PID/exe`.
    nonisolated static func caller(_ sender: String, pid: Int32) -> InputAdmission.Caller {
        switch ExecutablePath.of(processID: pid) {
        case .success(let executable): .process(name: sender, pid: pid, executable: executable)
        case .failure(let failure): .unidentified(name: sender, reason: "process \(pid): \(failure.reason)")
        }
    }

    private func processID(of sender: String, completion: @escaping @MainActor (Result<Int32, LookupFailure>) -> Void) {
        if let pid = processIDs[sender] {
            completion(.success(pid))
            return
        }
        if waiting[sender] != nil {
            waiting[sender]?.append(completion)
            return
        }
        waiting[sender] = [completion]
        Task { [weak self, connection] in
            let result: Result<Int32, LookupFailure>
            do {
                let reply = try await connection.call(
                    destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "GetConnectionUnixProcessID",
                    arguments: [.string(sender)], timeout: .seconds(5))
                result = .success(Int32(bitPattern: try reply.read { reader in try reader.readUInt32() }))
            } catch {
                result = .failure(LookupFailure(reason: "the bus did not say which process it is: \(error)"))
            }
            self?.finish(sender, result)
        }
    }

    private func finish(_ sender: String, _ result: Result<Int32, LookupFailure>) {
        if case .success(let pid) = result { processIDs[sender] = pid }
        for completion in waiting.removeValue(forKey: sender) ?? [] {
            completion(result)
        }
    }

    /// Forgets the process of each client that leaves the bus.
    private func followDepartures() async {
        let rule = MatchRule.signal(sender: .bus, interface: .bus, member: "NameOwnerChanged")
        do {
            departures = try await connection.addMatch(rule) { [weak self] message in
                let arguments = message.arguments
                guard arguments.count == 3, let name = arguments[0].stringValue, name.hasPrefix(":"), arguments[2].stringValue == ""
                else { return }
                self?.processIDs[name] = nil
            }
        } catch {
            logger.warning("cannot follow clients leaving the bus (\(error)); identified callers are remembered until the host stops")
        }
    }

    /// Stops following the bus.
    package func stop() {
        departures?.cancel()
        departures = nil
    }
}
