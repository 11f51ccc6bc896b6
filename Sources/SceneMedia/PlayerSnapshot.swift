import DBusKit

/// What MPRIS clients are shown of the player, taken after every model change that can alter it and
/// compared with the last one announced, so `PropertiesChanged` names exactly what changed.
///
/// There is a ``track`` exactly when the application receives remote-control events and its key
/// window has a first responder: then `CanControl` and every other `Can…` are true. Otherwise all of
/// them are false (MPRIS: with `CanControl` false every `Can…` is false), `PlaybackStatus` is
/// `Stopped` and `Metadata` is empty.
struct PlayerSnapshot: Equatable, Sendable {
    /// The first responder's track; nil when nobody receives remote-control events.
    var track: MediaTrack?
    /// `PlaybackStatus` (always ``PlaybackStatus/stopped`` without a track).
    var status: PlaybackStatus

    /// Nobody to control.
    static let idle = PlayerSnapshot(track: nil, status: .stopped)

    /// `CanControl`, and with it `CanPlay`, `CanPause`, `CanGoNext`, `CanGoPrevious` and `CanSeek`.
    var canControl: Bool { track != nil }

    /// `Metadata`.
    var metadata: BusValue { track?.metadata ?? MediaTrack.noMetadata }

    /// The `Can…` properties of `org.mpris.MediaPlayer2.Player`, which all follow ``canControl``.
    static let capabilityProperties: [MemberName] = ["CanControl", "CanPlay", "CanPause", "CanGoNext", "CanGoPrevious", "CanSeek"]

    /// The properties of `org.mpris.MediaPlayer2.Player` whose values differ from `old`, in
    /// declaration order.
    func changedProperties(since old: PlayerSnapshot) -> [MemberName] {
        var names: [MemberName] = []
        if status != old.status { names.append("PlaybackStatus") }
        if track != old.track { names.append("Metadata") }
        if canControl != old.canControl { names += Self.capabilityProperties }
        return names
    }
}
