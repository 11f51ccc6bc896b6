import DBusKit

/// The MPRIS 2.2 names the host's media player uses.
///
/// A player owns `org.mpris.MediaPlayer2.<player>`; a second instance of the same program owns
/// `org.mpris.MediaPlayer2.<player>.instance<pid>` instead (clients such as `playerctl -p scenehost`
/// match both). The object is always at `/org/mpris/MediaPlayer2`.
enum MediaPlayerNames {
    /// The player name clients select: `playerctl -p scenehost`.
    static let player = "scenehost"
    /// The well-known name of the first host on a bus.
    static let busName: BusName = "org.mpris.MediaPlayer2.scenehost"
    /// The object implementing both interfaces.
    static let objectPath: ObjectPath = "/org/mpris/MediaPlayer2"
    /// `org.mpris.MediaPlayer2`: identity and capabilities of the application.
    static let rootInterface: InterfaceName = "org.mpris.MediaPlayer2"
    /// `org.mpris.MediaPlayer2.Player`: playback control.
    static let playerInterface: InterfaceName = "org.mpris.MediaPlayer2.Player"
    /// Where track ids live: `mpris:trackid` is this path plus one element naming the first responder.
    static let trackPrefix: ObjectPath = "/org/scenehost/SceneHost/track"
    /// `Identity`: the name desktops show for the player.
    static let identity = "SceneHost"
    /// `Seeked(x Position)`.
    static let seeked: MemberName = "Seeked"

    /// The name of another instance: `org.mpris.MediaPlayer2.scenehost.instance<pid>`.
    static func instanceName(processID: Int32) -> BusName {
        BusName(unchecked: "\(busName.rawValue).instance\(processID)")
    }
}
