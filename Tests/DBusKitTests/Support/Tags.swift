import Testing

extension Tag {
    /// Tests that start a private dbus-daemon (no session bus needed).
    @Tag static var needsBus: Self
    /// Tests that run external D-Bus clients (python3-dbus, busctl, dbus-send).
    @Tag static var externalClient: Self
}
