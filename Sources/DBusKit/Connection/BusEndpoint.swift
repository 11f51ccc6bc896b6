/// Where a ``BusConnection`` connects to.
public enum BusEndpoint: Sendable, Hashable, CustomStringConvertible {
    /// The user's session bus, found by libdbus through `DBUS_SESSION_BUS_ADDRESS` (or
    /// `$XDG_RUNTIME_DIR/bus`).
    case session
    /// The system-wide bus, `/run/dbus/system_bus_socket` unless `DBUS_SYSTEM_BUS_ADDRESS` says
    /// otherwise.
    case system
    /// A message bus daemon at a D-Bus address such as `unix:path=/tmp/bus`; the connection
    /// registers with the bus (`Hello`) and gets a unique name.
    case address(String)
    /// A peer at a D-Bus address with no bus daemon in between; the connection does not
    /// register and has no unique name.
    case peer(String)

    /// `session`, `system`, or the address.
    public var description: String {
        switch self {
        case .session: return "the session bus"
        case .system: return "the system bus"
        case .address(let address): return "the bus at \(address)"
        case .peer(let address): return "the peer at \(address)"
        }
    }
}
