import ArgumentParser

/// The remote-control events `Host1.SendRemoteControl` accepts, by their wire names.
enum RemoteSubtype: String, CaseIterable, Sendable, ExpressibleByArgument {
    case play
    case pause
    case stop
    case togglePlayPause = "toggle-play-pause"
    case nextTrack = "next-track"
    case previousTrack = "previous-track"
    case beginSeekingBackward = "begin-seeking-backward"
    case endSeekingBackward = "end-seeking-backward"
    case beginSeekingForward = "begin-seeking-forward"
    case endSeekingForward = "end-seeking-forward"
}
