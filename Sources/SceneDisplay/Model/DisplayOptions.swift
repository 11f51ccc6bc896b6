/// How the display runs.
public struct DisplayOptions: Sendable, Equatable {
    /// Where windows go.
    public enum Driver: Sendable, Equatable {
        /// The desktop: SDL's Wayland driver, else X11 (`SDL_VIDEODRIVER=wayland,x11`); never a
        /// silent fallback to an offscreen window.
        case desktop
        /// SDL's offscreen driver: real SDL windows and events with no display (tests).
        case offscreen
    }

    public var driver: Driver
    /// The modifier that makes the pointer two fingers.
    public var twoFingerModifier: PointerModifier
    /// Whether the pointer's fingers are drawn as dots while down.
    public var drawsFingers: Bool
    /// Events that may wait between the display thread and the owner before the display thread waits.
    public var queueCapacity: Int
    /// Input-to-photon samples kept for ``DisplayServer/statistics``.
    public var latencySampleLimit: Int
    /// Seconds, at most, that the display thread waits for the owner to handle an input that could
    /// turn text input on (see ``DisplayServer/inputsHandled(through:)``) before it reads on; 0 never
    /// waits. Only a stalled owner makes it wait this long.
    public var inputWaitLimit: Double

    public init(
        driver: Driver = .desktop, twoFingerModifier: PointerModifier = .alt, drawsFingers: Bool = true,
        queueCapacity: Int = 1024, latencySampleLimit: Int = 10_000, inputWaitLimit: Double = 1
    ) {
        self.driver = driver
        self.twoFingerModifier = twoFingerModifier
        self.drawsFingers = drawsFingers
        self.queueCapacity = queueCapacity
        self.latencySampleLimit = latencySampleLimit
        self.inputWaitLimit = inputWaitLimit
    }
}

/// Whether the process can show desktop windows: `WAYLAND_DISPLAY` or `DISPLAY` names a display.
public enum DisplayEnvironment {
    /// The variables that name a display, in the order SDL tries them.
    public static let variables = ["WAYLAND_DISPLAY", "DISPLAY"]

    /// True when one of ``variables`` is set and not empty in `environment`.
    public static func hasDesktop(_ environment: [String: String]) -> Bool {
        variables.contains { !(environment[$0] ?? "").isEmpty }
    }
}
