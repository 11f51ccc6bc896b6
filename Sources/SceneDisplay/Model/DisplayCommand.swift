public import SceneCore

/// What the owner asks of the display thread. Commands are carried out in the order sent.
public enum DisplayCommand: Sendable {
    /// Opens a desktop window: `title`, at `frame` (desktop points: its top-left corner is where the
    /// window is placed when the windowing system lets the program choose), shown or not.
    case open(DisplayWindowID, title: String, frame: Rect, visible: Bool)
    /// Closes a window.
    case close(DisplayWindowID)
    /// Shows or hides a window.
    case setVisible(DisplayWindowID, Bool)
    /// Changes a window's title.
    case setTitle(DisplayWindowID, String)
    /// Resizes a window's content to `size` (points; the windowing system may refuse or adjust, and
    /// reports what it did as ``DisplayEvent/resized(window:size:)``).
    case resize(DisplayWindowID, to: Size)
    /// The sizes the user may drag a window's content to: from `minimum` to `maximum` (points;
    /// infinite: unbounded); equal ones make the window not resizable.
    case setSizeLimits(DisplayWindowID, minimum: Size, maximum: Size)
    /// Brings a window to the front and asks for the keyboard focus (best effort: compositors may
    /// refuse, Wayland without an activation token does).
    case raise(DisplayWindowID)
    /// Starts text input (the input method's text arrives as ``DisplayEvent/text(window:_:timestamp:serial:)``)
    /// with the caret at `caret` (window points) for the input method's candidate window, or stops
    /// it (nil).
    case textInput(DisplayWindowID?, caret: Rect?)
    /// Synthesizes touchscreen input as a touchscreen driver would report it to SDL (for tests and
    /// tools where no touchscreen exists): the events go through SDL's queue and the same
    /// translation as real ones.
    case synthesizeTouch(DisplayWindowID, [SyntheticFinger])
}

/// One touchscreen finger event to synthesize: the finger's device identity and its position as a
/// fraction of the window's size (0…1), as SDL reports touches.
public struct SyntheticFinger: Sendable, Equatable {
    public enum Phase: Sendable, Equatable {
        case down, move, up
    }

    public var fingerID: Int64
    public var phase: Phase
    public var x: Double
    public var y: Double

    // A public member-wise initializer, spelled out as Swift requires (`duplicates` pairs it, by shape
    // only, with other public value types').
    public init(fingerID: Int64, phase: Phase, x: Double, y: Double) {
        self.fingerID = fingerID
        self.phase = phase
        self.x = x
        self.y = y
    }
}
