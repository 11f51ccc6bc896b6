public import SceneCore

/// A key as the desktop keyboard sends it: a key going down (again, when it repeats) or up, or a media
/// key going down.
public enum DisplayKey: Sendable, Equatable {
    /// A keyboard key: its HID usage, modifiers and the text its layout gives it.
    case key(Key, isDown: Bool, isRepeat: Bool)
    /// A media key (play/pause, stop, next, previous) went down: a remote-control event.
    case media(Event.EventSubtype)
}
