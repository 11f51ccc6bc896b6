/// The bus's answer to ``BusConnection/releaseName(_:)``.
public enum ReleaseNameReply: UInt32, Sendable, Hashable {
    /// We owned or were queued for the name and no longer are (`DBUS_RELEASE_NAME_REPLY_RELEASED`).
    case released = 1
    /// Nobody owns the name (`DBUS_RELEASE_NAME_REPLY_NON_EXISTENT`).
    case nonExistent = 2
    /// Someone else owns it and we were not queued (`DBUS_RELEASE_NAME_REPLY_NOT_OWNER`).
    case notOwner = 3
}
