/// Key `mpris`. The player goes on the session bus when there is one, otherwise on the bus the host
/// API uses (its private bus); the modes differ only in how a failure to start is reported.
public enum MediaPlayerMode: String, Sendable, Equatable, CaseIterable {
    /// On; when the player cannot start (no name, no export) the host logs it at info and carries on.
    case auto
    /// On; a failure to start is logged as a warning.
    case on
    /// No MPRIS player.
    case off
}
