/// Flags for ``BusConnection/requestName(_:options:)``, the `RequestName` flags of the
/// D-Bus specification.
public struct RequestNameOptions: OptionSet, Sendable, Hashable {
    /// The raw flag bits as sent to the bus.
    public let rawValue: UInt32

    /// Creates options from raw flag bits.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// Let a later request with ``replaceExisting`` take the name from us
    /// (`DBUS_NAME_FLAG_ALLOW_REPLACEMENT`).
    public static let allowReplacement = RequestNameOptions(rawValue: 0x1)
    /// Take the name from its current owner if that owner allowed replacement
    /// (`DBUS_NAME_FLAG_REPLACE_EXISTING`).
    public static let replaceExisting = RequestNameOptions(rawValue: 0x2)
    /// Fail with ``RequestNameReply/exists`` instead of waiting in the queue
    /// (`DBUS_NAME_FLAG_DO_NOT_QUEUE`).
    public static let doNotQueue = RequestNameOptions(rawValue: 0x4)
}
