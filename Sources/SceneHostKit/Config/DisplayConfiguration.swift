public import SceneDisplay

/// Key `display`: whether scenes are shown in desktop windows, and how the pointer acts as fingers.
///
///     display: auto                 # or: on, off
///     display:                      # or the long form
///       mode: auto
///       two-finger-modifier: alt    # alt, control, command (Super) or none
///       finger-dots: true
///       input-wait: 1               # seconds, 0 to 10
public struct DisplayConfiguration: Sendable, Equatable {
    /// Key `display` (or `display.mode`), default `auto`.
    public var mode: DisplayMode = .auto
    /// Key `display.two-finger-modifier`, default `alt` (the iOS Simulator's Option).
    public var twoFingerModifier: PointerModifier = .alt
    /// Key `display.finger-dots`, default true: the pointer's fingers are drawn while down.
    public var fingerDots = true
    /// Key `display.input-wait`, default 1 s, 0 to 10: after a press, a release, a key or a focus
    /// change read while the desktop's text input is off, the display thread reads no further
    /// desktop event until the host handled it (and a scene process answered it), or this long.
    /// 0 turns the waits off: keys typed right after the tap that starts editing may then be read
    /// before the desktop's text input is on (presses without text). A loaded machine or a
    /// sanitized build needs more than the default for one order across scene processes.
    public var inputWait = DisplayOptions().inputWaitLimit
    /// Where `mode` was set (file and line), for the error when `on` finds no display; empty for
    /// the default or a command-line option.
    public var modeSource = ""

    public init() {}

    /// Equal settings (where they were written does not count).
    public static func == (lhs: DisplayConfiguration, rhs: DisplayConfiguration) -> Bool {
        lhs.mode == rhs.mode && lhs.twoFingerModifier == rhs.twoFingerModifier && lhs.fingerDots == rhs.fingerDots
            && lhs.inputWait == rhs.inputWait
    }
}

/// Whether to show desktop windows.
public enum DisplayMode: String, Sendable, Equatable, CaseIterable {
    /// Windows when `WAYLAND_DISPLAY` or `DISPLAY` is set; headless otherwise (and when SDL cannot
    /// open the display, which is logged).
    case auto
    /// Windows; no display is a configuration error (exit status 78), never a silent offscreen window.
    case on
    /// Headless.
    case off
}
