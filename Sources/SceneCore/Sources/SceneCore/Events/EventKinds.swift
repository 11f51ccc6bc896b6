extension Event {
    /// The kind of event, with UIKit's raw values (§0).
    public enum EventType: Int, Sendable, CaseIterable {
        case touches = 0
        case motion = 1
        case remoteControl = 2
        case presses = 3
        case scroll = 10
        case hover = 11
        case transform = 14
    }

    /// The event subtype, with UIKit's raw values (§0). Touch events have `.none`.
    public enum EventSubtype: Int, Sendable, CaseIterable {
        case none = 0
        case motionShake = 1
        case remoteControlPlay = 100
        case remoteControlPause = 101
        case remoteControlStop = 102
        case remoteControlTogglePlayPause = 103
        case remoteControlNextTrack = 104
        case remoteControlPreviousTrack = 105
        case remoteControlBeginSeekingBackward = 106
        case remoteControlEndSeekingBackward = 107
        case remoteControlBeginSeekingForward = 108
        case remoteControlEndSeekingForward = 109

        /// True for the ten remote-control subtypes (100…109).
        public var isRemoteControl: Bool { rawValue >= 100 && rawValue <= 109 }

        /// The kebab-case name used on D-Bus and in logs: `shake`, `play`, `toggle-play-pause`, …
        public var wireName: String {
            switch self {
            case .none: "none"
            case .motionShake: "shake"
            case .remoteControlPlay: "play"
            case .remoteControlPause: "pause"
            case .remoteControlStop: "stop"
            case .remoteControlTogglePlayPause: "toggle-play-pause"
            case .remoteControlNextTrack: "next-track"
            case .remoteControlPreviousTrack: "previous-track"
            case .remoteControlBeginSeekingBackward: "begin-seeking-backward"
            case .remoteControlEndSeekingBackward: "end-seeking-backward"
            case .remoteControlBeginSeekingForward: "begin-seeking-forward"
            case .remoteControlEndSeekingForward: "end-seeking-forward"
            }
        }

        /// The subtype whose ``wireName`` is `name`, or nil.
        public init?(wireName name: String) {
            guard let match = Self.allCases.first(where: { $0.wireName == name }) else { return nil }
            self = match
        }
    }
}

/// The phase of a motion event as the host receives it: a shake starts, then ends or is cancelled.
public enum MotionPhase: String, Sendable, CaseIterable {
    case began
    case ended
    case cancelled
}
