internal import CDBus

extension BusTransport {
    /// Opens the libdbus connection for `endpoint` (a private or libdbus's shared one), registers
    /// with the bus (`Hello`) when libdbus did not, and stops libdbus from exiting the process on
    /// disconnection. Blocks the calling thread (any thread) for the authentication and `Hello` round trips.
    ///
    /// - Returns: A connection reference the caller owns (unref it, and close it first when private).
    /// - Throws: ``BusError`` `.connectionFailed` naming the endpoint and libdbus's reason.
    nonisolated static func open(_ endpoint: BusEndpoint, sharing: BusConnection.Sharing) throws -> OpaquePointer {
        let context = "cannot connect to \(endpoint)"
        let raw: OpaquePointer
        switch endpoint {
        case .session, .system:
            let type = endpoint == .session ? DBUS_BUS_SESSION : DBUS_BUS_SYSTEM
            raw = try LibDBus.call(context, code: .connectionFailed) { error in
                sharing == .private ? dbus_bus_get_private(type, error) : dbus_bus_get(type, error)
            }
        case .address(let address), .peer(let address):
            raw = try LibDBus.call(context, code: .connectionFailed) { error in
                address.withCString { address in
                    sharing == .private
                        ? dbus_connection_open_private(address, error) : dbus_connection_open(address, error)
                }
            }
            if case .address = endpoint, dbus_bus_get_unique_name(raw) == nil {
                do {
                    _ = try LibDBus.call("\(context): registering with the bus failed", code: .connectionFailed) {
                        error in
                        dbus_bus_register(raw, error) != 0 ? true : nil
                    }
                } catch {
                    if sharing == .private {
                        dbus_connection_close(raw)
                    }
                    dbus_connection_unref(raw)
                    throw error
                }
            }
        }
        dbus_connection_set_exit_on_disconnect(raw, 0)
        return raw
    }

    /// Opens a private libdbus connection to the bus at `address` and registers with it (`Hello`).
    /// Blocks the calling thread for the socket's `connect`, the authentication and the `Hello` round
    /// trip: run it on a thread of its own (``BlockingThread``), never on the main actor.
    ///
    /// The connection is this thread's alone until it returns (no run loop is attached yet), so
    /// libdbus does the whole exchange here, whatever the main actor is doing. Before, `Hello` went
    /// through the main run loop, and each step of the authentication and the reply waited for a turn
    /// of the main queue: a process whose main thread stayed busy for 25 s (a test process serving
    /// the floods of many suites at once) timed out its own `Hello` on a bus that had answered in a
    /// millisecond.
    ///
    /// Not `dbus_bus_register`: it holds libdbus's process-wide bus-data lock for the whole round
    /// trip, and every connection's `dbus_bus_get_unique_name` and finalization takes that lock too,
    /// so one slow bus would hold up every connection in the process. Here only recording the name
    /// takes that lock, briefly.
    ///
    /// - Returns: A connection reference the caller owns (close it, then unref it), and its unique name.
    /// - Throws: ``BusError`` `.connectionFailed` naming the address and libdbus's reason, or the bus's
    ///   answer when it is not a unique name.
    nonisolated static func openRegistered(address: String) throws -> (connection: OpaquePointer, name: BusName) {
        let endpoint = BusEndpoint.address(address)
        let raw = try LibDBus.call("cannot connect to \(endpoint)", code: .connectionFailed) { error in
            address.withCString { dbus_connection_open_private($0, error) }
        }
        dbus_connection_set_exit_on_disconnect(raw, 0)
        do {
            let name = try hello(raw, endpoint: endpoint)
            _ = name.rawValue.withCString { dbus_bus_set_unique_name(raw, $0) }
            return (raw, name)
        } catch {
            discard(raw)
            throw error
        }
    }

    /// Closes and releases a private connection that ``openRegistered(address:)`` opened and nobody
    /// adopted (any thread that owns it).
    nonisolated static func discard(_ raw: OpaquePointer) {
        dbus_connection_close(raw)
        dbus_connection_unref(raw)
    }

    /// Sends `Hello` on `raw`, which nothing else uses yet, and waits for the unique name the bus
    /// assigns (libdbus's default 25 s at most).
    private nonisolated static func hello(_ raw: OpaquePointer, endpoint: BusEndpoint) throws -> BusName {
        let context = "cannot connect to \(endpoint): registering with the bus failed"
        let call = BusMessage.methodCall(
            destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "Hello")
        let reply = try LibDBus.call(context, code: .connectionFailed) { error in
            dbus_connection_send_with_reply_and_block(raw, call.raw, -1, error)
        }
        let arguments = BusMessage(adopting: reply, sealed: true).arguments
        guard let text = arguments.first?.stringValue, let name = try? BusName(text), name.isUnique else {
            throw BusError(
                code: .connectionFailed, name: .failed,
                message: "cannot connect to \(endpoint): the bus answered Hello with \(arguments), not a unique name")
        }
        return name
    }
}

