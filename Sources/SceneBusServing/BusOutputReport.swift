package import DBusKit
package import Logging

/// What the host's bus connections wrote and what waits for their sockets: `Host1.BusStatistics`, and
/// a log line when a bus stops reading (and when it reads again).
///
/// Each connection is reported under a name (`api`, `accessibility`, `mpris`): for each,
/// `<name>.queued-bytes` (t, waiting for the socket now), `<name>.queued-bytes-peak` (t, the most that
/// ever waited), `<name>.socket-full` (t, how many times the socket refused bytes and output
/// started waiting for it), `<name>.messages` (t, messages sent) and `<name>.writes` (t, the writes
/// that carried them). A connection not open now is left out.
@MainActor
package final class BusOutputReport {
    private var sources: [(name: String, connection: @MainActor () -> BusConnection?)] = []

    package init() {}

    /// Reports the connection `connection()` gives (nil while there is none) under `name`.
    package func add(_ name: String, _ connection: @escaping @MainActor () -> BusConnection?) {
        sources.append((name, connection))
    }

    /// The statistics of every open connection, as `a{sv}`.
    package func describe() -> BusValue {
        var entries: [(String, BusValue)] = []
        for (name, connection) in sources {
            guard let statistics = connection()?.outputStatistics else { continue }
            entries += [
                ("\(name).queued-bytes", .uint64(UInt64(statistics.queuedBytes))),
                ("\(name).queued-bytes-peak", .uint64(UInt64(statistics.peakQueuedBytes))),
                ("\(name).socket-full", .uint64(UInt64(statistics.socketFullCount))),
                ("\(name).messages", .uint64(UInt64(statistics.messageCount))),
                ("\(name).writes", .uint64(UInt64(statistics.writeCount))),
            ]
        }
        return .variantDictionary(entries)
    }

    /// Logs, on `connection`, when its socket is full (a warning: the peer at `place` does not read;
    /// nothing blocks, messages wait in order) and when what waited has been written.
    package static func logBackpressure(of connection: BusConnection, place: String, logger: Logger) {
        connection.outputBackpressureHandler = { change in
            switch change {
            case .socketFull(let bytes):
                logger.warning(
                    "\(place) does not read: its socket is full and \(bytes) bytes wait, in order (nothing else waits for it)",
                    metadata: ["topic": "bus"])
            case .drained(let peak):
                logger.info("\(place) reads again: everything that waited is written (at most \(peak) bytes waited)", metadata: ["topic": "bus"])
            }
        }
    }
}
