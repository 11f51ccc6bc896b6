import DBusKit
@testable import SceneMedia
import Testing

@Suite("MPRIS track ids")
struct MediaTrackTests {
    @Test(
        "A track id is the window number and the escaped view reference under /org/scenehost/SceneHost/track",
        arguments: [
            (2, "player", "/org/scenehost/SceneHost/track/2_player"),
            (2, "PlayerView#0.3", "/org/scenehost/SceneHost/track/2_PlayerView_230_2e3"),
            (4, "my_field", "/org/scenehost/SceneHost/track/4_my_5ffield"),
            (0, "", "/org/scenehost/SceneHost/track/0_"),
            (1, "é", "/org/scenehost/SceneHost/track/1__c3_a9"),
            (-3, "x", "/org/scenehost/SceneHost/track/0_x"),
        ] as [(Int, String, String)])
    func identifiers(window: Int, reference: String, path: String) throws {
        let track = MediaTrack(windowNumber: window, reference: reference)
        #expect(track.identifier.rawValue == path)
        #expect(try ObjectPath(path) == track.identifier, "a valid object path")
        #expect(track.title == reference)
    }

    @Test("Metadata carries mpris:trackid (o) and xesam:title (s); without a track it is an empty a{sv}")
    func metadata() {
        let track = MediaTrack(windowNumber: 2, reference: "player")
        #expect(track.metadata.signature == "a{sv}")
        #expect(track.metadata["mpris:trackid"] == .objectPath("/org/scenehost/SceneHost/track/2_player"))
        #expect(track.metadata["xesam:title"] == .string("player"))
        #expect(MediaTrack.noMetadata.signature == "a{sv}")
        #expect(MediaTrack.noMetadata.dictionaryEntries?.isEmpty == true)
    }
}
