internal import CDBus

extension BusTransport {
    /// Opens the libdbus connection for `endpoint` (a private or libdbus's shared one), registers
    /// with the bus (`Hello`) when libdbus did not, and stops libdbus from exiting the process on
    /// disconnection. Blocks for the authentication and `Hello` round trips.
    ///
    /// - Returns: A connection reference the caller owns (unref it, and close it first when private).
    /// - Throws: ``BusError`` `.connectionFailed` naming the endpoint and libdbus's reason.
    static func open(_ endpoint: BusEndpoint, sharing: BusConnection.Sharing) throws -> OpaquePointer {
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
}
