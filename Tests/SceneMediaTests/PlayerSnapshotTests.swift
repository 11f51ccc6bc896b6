import DBusKit
@testable import SceneMedia
import Testing

@Suite("MPRIS player snapshots")
struct PlayerSnapshotTests {
    @Test("A snapshot announces exactly what changed: the status, the metadata, and all six Can… together")
    func changedProperties() {
        let player = MediaTrack(windowNumber: 2, reference: "player")
        let field = MediaTrack(windowNumber: 3, reference: "field")
        let idle = PlayerSnapshot.idle
        let controlling = PlayerSnapshot(track: player, status: .stopped)
        #expect(!idle.canControl && controlling.canControl)
        #expect(idle.changedProperties(since: idle).isEmpty)
        #expect(
            controlling.changedProperties(since: idle)
                == ["Metadata", "CanControl", "CanPlay", "CanPause", "CanGoNext", "CanGoPrevious", "CanSeek"])
        #expect(PlayerSnapshot(track: player, status: .playing).changedProperties(since: controlling) == ["PlaybackStatus"])
        #expect(PlayerSnapshot(track: field, status: .stopped).changedProperties(since: controlling) == ["Metadata"])
        #expect(idle.changedProperties(since: PlayerSnapshot(track: player, status: .paused)).first == "PlaybackStatus")
    }
}
