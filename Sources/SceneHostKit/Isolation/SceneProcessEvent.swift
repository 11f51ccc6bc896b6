import SceneChannel
import SceneProcesses

/// What a ``SceneProcessHost`` tells the board about its scene process.
enum SceneProcessEvent: Equatable, Sendable {
    /// A process said hello (the first, or one after a restart).
    case started(processID: Int32)
    /// The process ended unasked; `quarantined` when it will not be restarted by itself.
    case crashed(SceneExit, quarantined: Bool)
    /// An answer is overdue.
    case notResponding
    /// It answers again.
    case responding
    /// What the window is to show instead of the scene's picture, or nil for the picture.
    case placeholder(ScenePlaceholder?)
    /// The scene's plugin and windows (after its start, and whenever they change).
    case windows(SceneWindowList)
    /// What the scene still has to do (empty: idle), when it changed.
    case busy(SceneBusyList)
    /// One of the scene's event signals.
    case signal(SceneSignal)
    /// An AT-SPI event of the process's objects, as D-Bus wire bytes (``SceneEventCode/accessibility``).
    case accessibility([UInt8])
    /// A new picture of window `window` (``SceneProcessHost/shownBuffer(window:)``), whose pixels
    /// `damage` changed since the one before.
    case frame(window: UInt32, damage: [DamageRect])
    /// The scene process's virtual clock moved to this time (its scripted input drove it).
    case clock(Double)
    /// A line the process wrote to its standard error (its sandbox report, a plugin's prints, the
    /// Swift runtime's fatal error before a crash), in order, before the ``crashed(_:quarantined:)``
    /// of its end.
    case output(String)
}
