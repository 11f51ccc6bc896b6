/// The bus's answer to ``BusConnection/requestName(_:options:)``.
public enum RequestNameReply: UInt32, Sendable, Hashable {
    /// We now own the name (`DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER`).
    case primaryOwner = 1
    /// Someone else owns it; we wait in the queue and get `NameAcquired` if it is released
    /// (`DBUS_REQUEST_NAME_REPLY_IN_QUEUE`).
    case inQueue = 2
    /// Someone else owns it and we asked not to queue, or they refused replacement
    /// (`DBUS_REQUEST_NAME_REPLY_EXISTS`).
    case exists = 3
    /// We already owned it (`DBUS_REQUEST_NAME_REPLY_ALREADY_OWNER`).
    case alreadyOwner = 4
}
