import SceneCore

/// One WebDriver session: its capabilities, its timeouts, the scene it drives (its current window:
/// a scene is what one desktop window shows) and its Appium settings. Main actor.
@MainActor
public final class WebDriverSession {
    public let id: String
    /// The capabilities answered at creation.
    public let capabilities: JSON
    /// How long a find waits for its first match, in seconds (W3C `implicit`, default 0).
    public var implicitWait: Double
    /// W3C `pageLoad` and `script`, in milliseconds: kept and answered, nothing here loads pages or
    /// runs scripts with a timeout.
    public var pageLoadTimeout: Double = 300_000
    public var scriptTimeout: Double? = 30_000
    /// The current window's handle: the name of the scene the session drives.
    public var sceneName: String
    /// `GET|POST /session/:id/appium/settings`, in the order set.
    public var settings: [(String, JSON)] = []

    init(id: String, capabilities: JSON, implicitWait: Double, sceneName: String) {
        self.id = id
        self.capabilities = capabilities
        self.implicitWait = implicitWait
        self.sceneName = sceneName
    }

    /// The timeouts as W3C answers them (milliseconds).
    var timeoutsJSON: JSON {
        .object([
            ("implicit", .number(implicitWait * 1000)), ("pageLoad", .number(pageLoadTimeout)),
            ("script", scriptTimeout.map(JSON.number) ?? .null),
        ])
    }
}
