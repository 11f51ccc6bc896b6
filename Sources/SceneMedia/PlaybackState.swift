import DBusKit
import SceneCore

/// The playback state the MPRIS player shows for one responder: its ``PlaybackStatus`` and its
/// position, as implied by the remote-control events that responder handled.
///
/// The host plays no media, so this is bookkeeping, not a player: it starts ``PlaybackStatus/stopped``
/// at 0 and changes only when a responder handled a remote-control event, whoever sent it (MPRIS,
/// `Host1.SendRemoteControl`, an input script): see ``apply(_:now:)``. The position advances in real
/// time while playing (`Rate` is 1.0), as MPRIS clients assume, and has no end (there is no track
/// length); only MPRIS seeks move it (``seek(to:now:)``), since a seeking event alone carries no offset.
///
/// An MPRIS call takes three steps, so the caller can deliver in between:
///
///     plan(command, track:, now:) ──► deliver plan.subtypes ──► each handled: apply(subtype, now:)
///     (what to deliver, or why not)   (the first responder)      a handled seek: seek(to: plan.seekTarget, now:)
///
/// Times are clock seconds (``EventClock/now``); positions are microseconds, as on the wire.
struct PlaybackState: Equatable, Sendable {
    /// What one MPRIS command asks for.
    struct Plan: Equatable, Sendable {
        /// The command.
        let command: MediaCommand
        /// The remote-control subtypes to deliver, in order; empty when the command is ignored.
        let subtypes: [Event.EventSubtype]
        /// Where a seek goes, in microseconds (``MediaCommand/seek(offset:)`` and
        /// ``MediaCommand/setPosition(track:position:)`` only).
        let seekTarget: Int64?
        /// Why nothing is delivered (for the log); nil when something is.
        let ignoredBecause: String?

        static func ignore(_ command: MediaCommand, because reason: String) -> Plan {
            Plan(command: command, subtypes: [], seekTarget: nil, ignoredBecause: reason)
        }
    }

    /// What a handled event changed.
    struct Change: Equatable, Sendable {
        /// `PlaybackStatus` changed (clients get `PropertiesChanged`).
        var statusChanged = false
        /// The position jumped here (clients get `Seeked`); nil when it only moved with time.
        var seekedTo: Int64?
    }

    /// The current status.
    private(set) var status: PlaybackStatus = .stopped
    /// The position at ``anchorTime``, in microseconds.
    private var anchorPosition: Int64 = 0
    /// When ``anchorPosition`` was true, in clock seconds.
    private var anchorTime: Double = 0

    /// The position at `now`, in microseconds: frozen unless playing, then advancing at rate 1.
    func position(at now: Double) -> Int64 {
        guard status == .playing else { return anchorPosition }
        return Self.adding(anchorPosition, Self.microseconds(now - anchorTime))
    }

    /// What `command` asks for, given the current track's id (for `SetPosition`) and the time.
    ///
    /// Per MPRIS 2.2: `Seek(0)` does nothing; a seek before the start goes to 0; `SetPosition` with a
    /// track id that is not the current one ("stale"), or a negative position, is ignored, and so is
    /// one to the current position.
    func plan(_ command: MediaCommand, track: ObjectPath, now: Double) -> Plan {
        switch command {
        case .play, .pause, .playPause, .stop, .next, .previous:
            // Every non-seeking command has exactly one subtype.
            return Plan(command: command, subtypes: command.subtype.map { [$0] } ?? [], seekTarget: nil, ignoredBecause: nil)
        case .seek(let offset):
            guard offset != 0 else { return .ignore(command, because: "a zero offset moves nothing") }
            let target = Swift.max(0, Self.adding(position(at: now), offset))
            return Plan(command: command, subtypes: MediaCommand.seekingSubtypes(forward: offset > 0), seekTarget: target, ignoredBecause: nil)
        case .setPosition(let requested, let target):
            guard requested == track else {
                return .ignore(command, because: "track id \(requested) is not the current track \(track) (stale)")
            }
            guard target >= 0 else { return .ignore(command, because: "position \(target) µs is before the start of the track") }
            let current = position(at: now)
            guard target != current else { return .ignore(command, because: "the position is already \(target) µs") }
            return Plan(command: command, subtypes: MediaCommand.seekingSubtypes(forward: target > current), seekTarget: target, ignoredBecause: nil)
        }
    }

    /// Records that a responder handled a remote-control event of `subtype`; returns what changed.
    ///
    /// `play` plays; `pause` pauses what plays (a stopped player stays stopped); `toggle-play-pause`
    /// pauses what plays and plays anything else; `stop` stops and rewinds to 0; `next-track` and
    /// `previous-track` start their track at 0 in the same status; the seeking events change nothing
    /// by themselves.
    mutating func apply(_ subtype: Event.EventSubtype, now: Double) -> Change {
        let before = status
        switch subtype {
        case .remoteControlPlay:
            move(to: .playing, now: now)
        case .remoteControlPause:
            if status == .playing { move(to: .paused, now: now) }
        case .remoteControlTogglePlayPause:
            move(to: status == .playing ? .paused : .playing, now: now)
        case .remoteControlStop:
            status = .stopped
            anchor(0, now: now)
        case .remoteControlNextTrack, .remoteControlPreviousTrack:
            anchor(0, now: now)
        case .remoteControlBeginSeekingBackward, .remoteControlEndSeekingBackward, .remoteControlBeginSeekingForward,
            .remoteControlEndSeekingForward, .none, .motionShake:
            break
        @unknown default:
            break
        }
        return Change(statusChanged: status != before, seekedTo: nil)
    }

    /// Records that a seek to `target` microseconds (an MPRIS `Seek` or `SetPosition`) was handled.
    mutating func seek(to target: Int64, now: Double) -> Change {
        anchor(Swift.max(0, target), now: now)
        return Change(statusChanged: false, seekedTo: anchorPosition)
    }

    private mutating func move(to newStatus: PlaybackStatus, now: Double) {
        let position = position(at: now)
        status = newStatus
        anchor(position, now: now)
    }

    private mutating func anchor(_ position: Int64, now: Double) {
        anchorPosition = position
        anchorTime = now
    }

    /// `seconds` in whole microseconds, clamped to `0...Int64.max` (NaN is 0).
    static func microseconds(_ seconds: Double) -> Int64 {
        let value = (seconds * 1_000_000).rounded(.down)
        guard value > 0 else { return 0 }
        return value >= 9.2e18 ? .max : Int64(value)
    }

    /// `a + b`, saturating at the ends of `Int64` instead of trapping.
    static func adding(_ a: Int64, _ b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        guard overflow else { return sum }
        return b > 0 ? .max : .min
    }
}
