import DBusKit
import SceneCore
@testable import SceneMedia
import Testing

@Suite("MPRIS commands and remote-control subtypes (docs/desktop.md, Media keys and MPRIS)")
struct MediaCommandTests {
    @Test(
        "Each single MPRIS command becomes the one remote-control subtype of the mapping table",
        arguments: [
            (MediaCommand.play, "Play", Event.EventSubtype.remoteControlPlay),
            (.pause, "Pause", .remoteControlPause),
            (.playPause, "PlayPause", .remoteControlTogglePlayPause),
            (.stop, "Stop", .remoteControlStop),
            (.next, "Next", .remoteControlNextTrack),
            (.previous, "Previous", .remoteControlPreviousTrack),
        ] as [(MediaCommand, MemberName, Event.EventSubtype)])
    func singleCommands(command: MediaCommand, method: MemberName, subtype: Event.EventSubtype) {
        #expect(command.methodName == method)
        #expect(command.subtype == subtype)
        #expect(MediaCommand.methodName(producing: subtype) == method)
        #expect(PlaybackState().plan(command, track: "/t", now: 0).subtypes == [subtype])
    }

    @Test("A seek is a begin/end pair: forward 108, 109; backward 106, 107")
    func seekingPairs() {
        #expect(MediaCommand.seekingSubtypes(forward: true).map(\.rawValue) == [108, 109])
        #expect(MediaCommand.seekingSubtypes(forward: false).map(\.rawValue) == [106, 107])
        #expect(MediaCommand.seek(offset: 5).subtype == nil)
        #expect(MediaCommand.setPosition(track: "/t", position: 5).methodName == "SetPosition")
    }

    @Test("Every remote-control subtype (100…109) comes from an MPRIS method; shake and none from none")
    func everySubtypeIsReachable() {
        for subtype in Event.EventSubtype.allCases {
            #expect((MediaCommand.methodName(producing: subtype) != nil) == subtype.isRemoteControl, "\(subtype)")
        }
    }
}
