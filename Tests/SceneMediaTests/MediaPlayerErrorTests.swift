import DBusKit
@testable import SceneMedia
import Testing

@Suite("MPRIS names and errors")
struct MediaPlayerErrorTests {
    @Test("The second instance's name carries the process id")
    func instanceName() {
        #expect(MediaPlayerNames.instanceName(processID: 4242).rawValue == "org.mpris.MediaPlayer2.scenehost.instance4242")
        #expect((try? BusName(MediaPlayerNames.instanceName(processID: 1).rawValue)) != nil)
    }

    @Test("OpenUri's error is NotSupported and names the URI")
    func openURIError() {
        let error = MediaPlayerError.unsupportedURI("file:///song.ogg").busError
        #expect(error.name == .notSupported)
        #expect(error.message.contains("file:///song.ogg"))
    }
}
