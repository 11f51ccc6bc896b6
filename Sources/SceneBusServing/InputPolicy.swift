/// Who may drive the host over D-Bus: configuration keys `input` and `input-allowed-executables`
/// (`--input-policy` overrides the first).
///
/// Every method and writable property the host serves is declared either reading or changing
/// (``MemberAccess``); the policy only ever refuses changing ones, with
/// `org.freedesktop.DBus.Error.AccessDenied`. Events, trees and properties stay readable whatever
/// the policy.
public struct InputPolicy: Sendable, Equatable {
    /// Key `input`, default `open`.
    public var mode: InputPolicyMode = .open
    /// Key `input-allowed-executables`: when not empty, only callers whose process runs one of these
    /// executables (absolute paths, compared after resolving symbolic links) may call changing
    /// methods; a caller whose executable cannot be found out is refused. Empty (the default) admits
    /// every caller the mode admits.
    public var allowedExecutables: [String] = []

    public init(mode: InputPolicyMode = .open, allowedExecutables: [String] = []) {
        self.mode = mode
        self.allowedExecutables = allowedExecutables
    }
}

/// Key `input`.
public enum InputPolicyMode: String, Sendable, Equatable, CaseIterable {
    /// Changing methods are served (to the callers `input-allowed-executables` admits).
    case open
    /// Every changing method and property write is refused; reading ones are served.
    case readOnly = "read-only"
}
