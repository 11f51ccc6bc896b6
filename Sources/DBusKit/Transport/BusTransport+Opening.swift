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

    /// Opens a private libdbus connection to the bus at `address` without registering with it (no
    /// `Hello`: the caller sends it through the run loop). Blocks only for the socket's `connect`.
    ///
    /// Registering through libdbus (`dbus_bus_register`) holds libdbus's process-wide bus-data lock
    /// for the whole `Hello` round trip, and every connection's `dbus_bus_get_unique_name` and
    /// finalization takes that lock too: one slow bus would hold up every connection in the process.
    ///
    /// - Returns: A connection reference the caller owns (close it, then unref it).
    /// - Throws: ``BusError`` `.connectionFailed` naming the address and libdbus's reason.
    nonisolated static func openUnregistered(address: String) throws -> OpaquePointer {
        let raw = try LibDBus.call("cannot connect to \(BusEndpoint.address(address))", code: .connectionFailed) { error in
            address.withCString { dbus_connection_open_private($0, error) }
        }
        dbus_connection_set_exit_on_disconnect(raw, 0)
        return raw
    }

    /// Records the unique name the bus assigned in libdbus's own bus data (as `dbus_bus_register`
    /// would have), so that libdbus's bus helpers see the connection as registered.
    func recordUniqueName(_ name: BusName) {
        _ = name.rawValue.withCString { dbus_bus_set_unique_name(raw, $0) }
    }
}

