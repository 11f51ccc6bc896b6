/// MPRIS `PlaybackStatus`: what the player says it is doing.
///
/// The host has no media of its own; the status is what the commands the first responder handled
/// imply (``PlaybackState``).
enum PlaybackStatus: String, Sendable, Equatable, CaseIterable {
    /// A track is playing.
    case playing = "Playing"
    /// A track is paused.
    case paused = "Paused"
    /// Nothing is playing (the start, and after `Stop`).
    case stopped = "Stopped"
}
