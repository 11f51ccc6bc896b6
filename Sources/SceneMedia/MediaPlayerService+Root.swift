import DBusKit
import Logging
import SceneBusServing

/// `org.mpris.MediaPlayer2` at `/org/mpris/MediaPlayer2`: who the player is and what it cannot do.
/// Every property is constant.
extension MediaPlayerService {
    func rootInterface() -> InterfaceDescription {
        InterfaceDescription(
            MediaPlayerNames.rootInterface, gate: gate,
            methods: [
                .method("Raise", access: .changes) { call in
                    self.logger.debug("MPRIS Raise from \(call.sender?.rawValue ?? "anonymous") does nothing (CanRaise is false)", metadata: ["topic": "bus"])
                    return []
                },
                .method("Quit", access: .changes) { call in
                    self.logger.debug("MPRIS Quit from \(call.sender?.rawValue ?? "anonymous") does nothing (CanQuit is false)", metadata: ["topic": "bus"])
                    return []
                },
            ],
            properties: [
                PropertyDescription("CanQuit", signature: .bool, changeBehavior: .constant) { .bool(false) },
                PropertyDescription("CanRaise", signature: .bool, changeBehavior: .constant) { .bool(false) },
                PropertyDescription("HasTrackList", signature: .bool, changeBehavior: .constant) { .bool(false) },
                PropertyDescription("Identity", signature: .string, changeBehavior: .constant) { .string(MediaPlayerNames.identity) },
                PropertyDescription("SupportedUriSchemes", signature: "as", changeBehavior: .constant) { .stringArray([]) },
                PropertyDescription("SupportedMimeTypes", signature: "as", changeBehavior: .constant) { .stringArray([]) },
            ])
    }
}
