import DBusKit
import SceneCore

/// One command of the MPRIS `org.mpris.MediaPlayer2.Player` interface, and the remote-control events
/// it becomes (docs/desktop.md, "Media keys and MPRIS"; raw values in docs/behaviour.md §0, routing [FR-9]):
///
/// | MPRIS call | remote-control subtypes, in order |
/// |---|---|
/// | `Play` | `play` (100) |
/// | `Pause` | `pause` (101) |
/// | `Stop` | `stop` (102) |
/// | `PlayPause` | `toggle-play-pause` (103) |
/// | `Next` | `next-track` (104) |
/// | `Previous` | `previous-track` (105) |
/// | `Seek(x)`, x > 0 | `begin-seeking-forward` (108), `end-seeking-forward` (109) |
/// | `Seek(x)`, x < 0 | `begin-seeking-backward` (106), `end-seeking-backward` (107) |
/// | `SetPosition(o, x)` | the forward pair when x lies after the current position, the backward pair when before |
///
/// A seek is one discrete jump, so it is one begin/end pair: the responder sees the seek start and
/// finish, and the player's `Position` moves by the offset (``PlaybackState``).
enum MediaCommand: Equatable, Sendable {
    case play
    case pause
    case playPause
    case stop
    case next
    case previous
    /// `Seek(x Offset)`: move by `offset` microseconds (negative: backwards).
    case seek(offset: Int64)
    /// `SetPosition(o TrackId, x Position)`: go to `position` microseconds in track `track`.
    case setPosition(track: ObjectPath, position: Int64)

    /// The MPRIS method this command comes from.
    var methodName: MemberName {
        switch self {
        case .play: "Play"
        case .pause: "Pause"
        case .playPause: "PlayPause"
        case .stop: "Stop"
        case .next: "Next"
        case .previous: "Previous"
        case .seek: "Seek"
        case .setPosition: "SetPosition"
        }
    }

    /// The one subtype a non-seeking command is delivered as; nil for ``seek(offset:)`` and
    /// ``setPosition(track:position:)``, whose subtypes depend on the direction
    /// (``seekingSubtypes(forward:)``).
    var subtype: Event.EventSubtype? {
        switch self {
        case .play: .remoteControlPlay
        case .pause: .remoteControlPause
        case .playPause: .remoteControlTogglePlayPause
        case .stop: .remoteControlStop
        case .next: .remoteControlNextTrack
        case .previous: .remoteControlPreviousTrack
        case .seek, .setPosition: nil
        }
    }

    /// The begin/end pair of one seek.
    static func seekingSubtypes(forward: Bool) -> [Event.EventSubtype] {
        forward
            ? [.remoteControlBeginSeekingForward, .remoteControlEndSeekingForward]
            : [.remoteControlBeginSeekingBackward, .remoteControlEndSeekingBackward]
    }

    /// The MPRIS method that produces `subtype`; nil for subtypes that are not remote control (and for
    /// subtypes a later SceneCore may add).
    static func methodName(producing subtype: Event.EventSubtype) -> MemberName? {
        switch subtype {
        case .remoteControlPlay: "Play"
        case .remoteControlPause: "Pause"
        case .remoteControlStop: "Stop"
        case .remoteControlTogglePlayPause: "PlayPause"
        case .remoteControlNextTrack: "Next"
        case .remoteControlPreviousTrack: "Previous"
        case .remoteControlBeginSeekingBackward, .remoteControlEndSeekingBackward,
            .remoteControlBeginSeekingForward, .remoteControlEndSeekingForward:
            "Seek"
        case .none, .motionShake: nil
        @unknown default: nil
        }
    }
}
