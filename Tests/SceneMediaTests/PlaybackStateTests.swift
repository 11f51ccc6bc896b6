import DBusKit
import SceneCore
@testable import SceneMedia
import Testing

@Suite("MPRIS playback state: what handled commands imply")
struct PlaybackStateTests {
    static let track: ObjectPath = "/org/scenehost/SceneHost/track/2_player"

    /// Plans `command` and records its events as handled at `now`, as the MPRIS player does: each
    /// delivered subtype, then the seek.
    @discardableResult
    private func handle(_ command: MediaCommand, on state: inout PlaybackState, at now: Double = 0) -> PlaybackState.Change {
        let plan = state.plan(command, track: Self.track, now: now)
        var change = PlaybackState.Change()
        for subtype in plan.subtypes where state.apply(subtype, now: now).statusChanged {
            change.statusChanged = true
        }
        if let target = plan.seekTarget {
            change.seekedTo = state.seek(to: target, now: now).seekedTo
        }
        return change
    }

    @Test(
        "Status after each handled command, from each status",
        arguments: [
            // from, command, to
            (PlaybackStatus.stopped, MediaCommand.play, PlaybackStatus.playing),
            (.paused, .play, .playing),
            (.playing, .play, .playing),
            (.playing, .pause, .paused),
            (.paused, .pause, .paused),
            (.stopped, .pause, .stopped),
            (.stopped, .playPause, .playing),
            (.playing, .playPause, .paused),
            (.paused, .playPause, .playing),
            (.playing, .stop, .stopped),
            (.paused, .stop, .stopped),
            (.playing, .next, .playing),
            (.paused, .previous, .paused),
            (.stopped, .next, .stopped),
        ] as [(PlaybackStatus, MediaCommand, PlaybackStatus)])
    func transitions(from: PlaybackStatus, command: MediaCommand, to: PlaybackStatus) {
        var state = PlaybackState()
        switch from {
        case .stopped: break
        case .playing: handle(.play, on: &state)
        case .paused:
            handle(.play, on: &state)
            handle(.pause, on: &state)
        }
        #expect(state.status == from)
        let change = handle(command, on: &state)
        #expect(state.status == to)
        #expect(change.statusChanged == (from != to))
        #expect(change.seekedTo == nil)
    }

    @Test("A new state is stopped at 0; a planned command that was not handled changes nothing")
    func startsStopped() {
        let state = PlaybackState()
        #expect(state.status == .stopped)
        #expect(state.position(at: 100) == 0)
        _ = state.plan(.play, track: Self.track, now: 0)
        #expect(state.status == .stopped)
    }

    @Test("The position advances with the clock while playing and freezes when paused; Stop rewinds, Next starts at 0")
    func positionFollowsTheClock() {
        var state = PlaybackState()
        handle(.play, on: &state, at: 10)
        #expect(state.position(at: 12.5) == 2_500_000)
        handle(.pause, on: &state, at: 13)
        #expect(state.position(at: 20) == 3_000_000)
        handle(.play, on: &state, at: 20)
        #expect(state.position(at: 21) == 4_000_000)
        handle(.next, on: &state, at: 21)
        #expect(state.position(at: 21.25) == 250_000)
        handle(.stop, on: &state, at: 30)
        #expect(state.position(at: 40) == 0)
    }

    @Test("Seek moves by the offset, forward or backward, and reports the jump; before the start it goes to 0")
    func seek() {
        var state = PlaybackState()
        let forward = state.plan(.seek(offset: 5_000_000), track: Self.track, now: 0)
        #expect(forward.subtypes == MediaCommand.seekingSubtypes(forward: true))
        #expect(forward.seekTarget == 5_000_000)
        #expect(handle(.seek(offset: 5_000_000), on: &state) == PlaybackState.Change(statusChanged: false, seekedTo: 5_000_000))
        let backward = state.plan(.seek(offset: -2_000_000), track: Self.track, now: 0)
        #expect(backward.subtypes == MediaCommand.seekingSubtypes(forward: false))
        #expect(handle(.seek(offset: -2_000_000), on: &state).seekedTo == 3_000_000)
        #expect(handle(.seek(offset: -60_000_000), on: &state).seekedTo == 0)
        #expect(state.position(at: 0) == 0)
    }

    @Test("Extreme offsets saturate instead of trapping")
    func extremeOffsets() {
        var state = PlaybackState()
        #expect(handle(.seek(offset: .max), on: &state).seekedTo == .max)
        #expect(handle(.seek(offset: .max), on: &state).seekedTo == .max)
        #expect(handle(.seek(offset: .min), on: &state).seekedTo == 0)
        #expect(handle(.seek(offset: .min), on: &state).seekedTo == 0)
        handle(.setPosition(track: Self.track, position: .max), on: &state)
        handle(.play, on: &state, at: 0)
        #expect(state.position(at: 1e12) == .max)
        #expect(PlaybackState.microseconds(.nan) == 0)
        #expect(PlaybackState.microseconds(.infinity) == .max)
        #expect(PlaybackState.microseconds(-1) == 0)
    }

    @Test("Seeking events from elsewhere (Host1.SendRemoteControl) change neither status nor position")
    func seekingEventsAlone() {
        var state = PlaybackState()
        _ = state.apply(.remoteControlPlay, now: 0)
        for subtype in MediaCommand.seekingSubtypes(forward: true) + MediaCommand.seekingSubtypes(forward: false) {
            #expect(state.apply(subtype, now: 1) == PlaybackState.Change())
        }
        #expect(state.status == .playing)
        #expect(state.position(at: 2) == 2_000_000)
    }

    @Test("Seek(0) does nothing")
    func zeroSeek() {
        let plan = PlaybackState().plan(.seek(offset: 0), track: Self.track, now: 0)
        #expect(plan.subtypes.isEmpty)
        #expect(plan.ignoredBecause != nil)
    }

    @Test("SetPosition seeks in the direction of the target and reports the jump")
    func setPosition() {
        var state = PlaybackState()
        let ahead = state.plan(.setPosition(track: Self.track, position: 10_000_000), track: Self.track, now: 0)
        #expect(ahead.subtypes.map(\.rawValue) == [108, 109])
        #expect(handle(.setPosition(track: Self.track, position: 10_000_000), on: &state).seekedTo == 10_000_000)
        let back = state.plan(.setPosition(track: Self.track, position: 4_000_000), track: Self.track, now: 0)
        #expect(back.subtypes.map(\.rawValue) == [106, 107])
        #expect(handle(.setPosition(track: Self.track, position: 4_000_000), on: &state).seekedTo == 4_000_000)
        #expect(state.position(at: 99) == 4_000_000)
    }

    @Test(
        "SetPosition is ignored for a stale track id, a negative position, or the current position (MPRIS 2.2)",
        arguments: [
            (MediaCommand.setPosition(track: "/org/scenehost/SceneHost/track/1_other", position: 1), "stale"),
            (.setPosition(track: PlaybackStateTests.track, position: -1), "before the start"),
            (.setPosition(track: PlaybackStateTests.track, position: .min), "before the start"),
            (.setPosition(track: PlaybackStateTests.track, position: 0), "already"),
        ] as [(MediaCommand, String)])
    func setPositionIgnored(command: MediaCommand, reason: String) {
        let plan = PlaybackState().plan(command, track: Self.track, now: 0)
        #expect(plan.subtypes.isEmpty)
        #expect(plan.ignoredBecause?.contains(reason) == true, "\(plan.ignoredBecause ?? "nil")")
    }
}
