import DBusKit
import Foundation
import SceneBusContract

/// Where `scenectl` looks for the host, in order, and why each place was passed over.
///
/// 1. `--address ADDR`: only that bus.
/// 2. `SCENEHOST_BUS_ADDRESS`: only that bus.
/// 3. The session bus, when `DBUS_SESSION_BUS_ADDRESS` is set and `org.scenehost.SceneHost` has an
///    owner there.
/// 4. The private bus a host started and published with ``BusDiscovery`` (the file
///    `$XDG_RUNTIME_DIR/scenehost/bus-address`).
///
/// An explicit address (1 or 2) is never second-guessed: if no host is there, that is the error.
/// Otherwise a session bus without a host falls through to the published private bus. When no
/// candidate has a host, ``locate(probe:)`` throws a ``ScenectlError`` with exit status 69 that lists
/// every place tried and how to start a host.
///
/// The plan is plain data so the order can be tested without a bus; ``probe`` is what talks to one.
struct HostLocator: Sendable, Equatable {
    /// One bus to try.
    struct Candidate: Sendable, Equatable, CustomStringConvertible {
        /// The D-Bus address.
        var address: String
        /// Where the address came from, as people read it: "--address", "the session bus", ….
        var origin: String

        var description: String {
            "\(origin) (\(address))"
        }
    }

    /// Why a candidate was passed over; the text completes "<candidate>: ".
    struct ProbeFailure: Error, Sendable, Equatable {
        var reason: String
    }

    /// The environment variable that names the host's bus, overriding discovery.
    static let environmentVariable = "SCENEHOST_BUS_ADDRESS"

    var explicitAddress: String?
    var environmentAddress: String?
    var sessionAddress: String?
    var publishedAddress: String?
    /// The file a host publishes its private bus address in (for messages).
    var publishedFile: String

    init(
        explicitAddress: String? = nil, environmentAddress: String? = nil, sessionAddress: String? = nil,
        publishedAddress: String? = nil, publishedFile: String
    ) {
        self.explicitAddress = explicitAddress
        self.environmentAddress = environmentAddress
        self.sessionAddress = sessionAddress
        self.publishedAddress = publishedAddress
        self.publishedFile = publishedFile
    }

    /// The plan for this process: `--address` (if given), the environment and the published file.
    static func current(explicitAddress: String?) -> HostLocator {
        let environment = ProcessInfo.processInfo.environment[environmentVariable]
        return HostLocator(
            explicitAddress: explicitAddress,
            environmentAddress: environment?.isEmpty == false ? environment : nil,
            sessionAddress: BusDiscovery.sessionBusAddress,
            publishedAddress: BusDiscovery.publishedAddress(),
            publishedFile: BusDiscovery.addressFile)
    }

    /// The buses to try, in order.
    var candidates: [Candidate] {
        if let explicitAddress {
            return [Candidate(address: explicitAddress, origin: "--address")]
        }
        if let environmentAddress {
            return [Candidate(address: environmentAddress, origin: Self.environmentVariable)]
        }
        var result: [Candidate] = []
        if let sessionAddress {
            result.append(Candidate(address: sessionAddress, origin: "the session bus"))
        }
        if let publishedAddress, publishedAddress != sessionAddress {
            result.append(Candidate(address: publishedAddress, origin: "the private bus published in \(publishedFile)"))
        }
        return result
    }

    /// Tries each candidate in order with `probe` and returns the first connection it makes.
    ///
    /// `probe` returns a connection to a bus where the host owns its name, or throws: a
    /// ``ProbeFailure`` saying why not, or any other error (its description is used).
    ///
    /// - Throws: ``ScenectlError`` with exit status 69 listing every candidate and its failure.
    @MainActor
    func locate<Connection>(probe: (Candidate) async throws -> Connection) async throws -> (Connection, Candidate) {
        var failures: [(Candidate, String)] = []
        for candidate in candidates {
            do {
                return (try await probe(candidate), candidate)
            } catch let failure as ProbeFailure {
                failures.append((candidate, failure.reason))
            } catch {
                failures.append((candidate, "\(ScenectlError(error).message)"))
            }
        }
        throw notFound(failures)
    }

    /// The error for "no host anywhere", naming what was tried.
    func notFound(_ failures: [(Candidate, String)]) -> ScenectlError {
        let busName = SceneBusContract.busName.rawValue
        var lines: [String]
        if failures.isEmpty {
            lines = [
                "no scene-host found: DBUS_SESSION_BUS_ADDRESS is not set, \(Self.environmentVariable) is not set, "
                    + "and no host published a private bus address in \(publishedFile)"
            ]
        } else if explicitAddress != nil || environmentAddress != nil {
            lines = failures.map { "no scene-host (\(busName)) on \($0.0): \($0.1)" }
        } else {
            lines = ["no scene-host (\(busName)) found; tried:"]
            lines += failures.map { "  - \($0.0): \($0.1)" }
        }
        lines.append(
            "Start one with `scene-host` (it joins the session bus, or starts a private bus and publishes its address in "
                + "\(publishedFile)), or point scenectl at the host's bus with --address ADDRESS or \(Self.environmentVariable).")
        return .unavailable(lines.joined(separator: "\n"))
    }
}
