import DBusKit

/// The "track" the MPRIS player shows: the responder that receives remote-control events, named so
/// that clients can tell one from another and address it in `SetPosition`.
///
/// `mpris:trackid` is `/org/scenehost/SceneHost/track/<window>_<reference>`: the number of the key
/// window on the host's D-Bus API (`/org/scenehost/SceneHost/window/<n>`, 0 when unpublished) and
/// the responder's view reference with every byte outside `[A-Za-z0-9]` written `_xx` (lowercase
/// hex), so `player` in window 2 is `…/track/2_player` and `PlayerView#0.3` is
/// `…/track/2_PlayerView_230_2e3`. No object exists at that path (MPRIS allows that).
/// `xesam:title` is the reference itself.
struct MediaTrack: Equatable, Sendable {
    /// `mpris:trackid`.
    let identifier: ObjectPath
    /// `xesam:title`: the responder's view reference (or type name for a non-view responder).
    let title: String

    /// The track of the responder named `reference` in window number `windowNumber`.
    init(windowNumber: Int, reference: String) {
        let element = "\(Swift.max(0, windowNumber))_" + Self.escape(reference)
        identifier = ObjectPath(unchecked: MediaPlayerNames.trackPrefix.rawValue + "/" + element)
        title = reference
    }

    /// MPRIS `Metadata` (`a{sv}`) for this track.
    var metadata: BusValue {
        .variantDictionary([("mpris:trackid", .objectPath(identifier)), ("xesam:title", .string(title))])
    }

    /// `Metadata` when there is no track: an empty `a{sv}`.
    static let noMetadata = BusValue.variantDictionary([])

    /// `text` as an object path element: ASCII letters and digits kept, every other byte `_xx`.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16)
                escaped += "_" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return escaped
    }
}
