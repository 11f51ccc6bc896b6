extension BusConnection {
    /// Whether a connection is libdbus's process-wide shared connection or a private one.
    public enum Sharing: Sendable, Hashable {
        /// A connection of its own (`dbus_bus_get_private` / `dbus_connection_open_private`).
        /// ``BusConnection/close()`` closes it. The right choice for libraries and tests.
        case `private`
        /// libdbus's shared connection for the endpoint (`dbus_bus_get` /
        /// `dbus_connection_open`). All `.shared` requests for the same endpoint in the process
        /// return the same `BusConnection` while it is alive. libdbus forbids closing a shared
        /// connection, so ``BusConnection/close()`` only detaches DBusKit from it.
        case shared
    }
}
