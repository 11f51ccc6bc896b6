/// The codes of the channel's `query` messages, and what their bodies hold.
public enum SceneQueryCode {
    /// `Window1.DescribeTree`: asks with the window's index (u32) and the bus path the board gives
    /// it (string); the reply is the JSON `DescribeTree` returns, byte for byte.
    public static let describeTree: UInt16 = 1
    /// `Window1.HitTest`: asks with the window's index (u32) and a point in its coordinates (two
    /// f64); the reply is the reference of the view the hit test returns (UTF-8, "" for none).
    public static let hitTest: UInt16 = 2
    /// Where a view is, for `Window1.TapView`: asks with the window's index (u32) and the view's
    /// reference (string); the reply is its centre in the window's coordinates (two f64), or nothing
    /// (an empty body) when the window has no such view.
    public static let viewCenter: UInt16 = 3
    /// `Host1.Find` and `Host1.TapMatching`: asks with a selector's text (string); the reply is a
    /// ``SceneSelectorAnswer``: the scene's matches and, for exactly one, whether a tap is ready.
    public static let match: UInt16 = 4
    /// A window drawn at another scale than its frames' (`Window1`, `Scene1` and `Host1.Snapshot`
    /// at that scale): asks with the window's index (u32) and the scale (f64, above 0); the reply is
    /// a ``ScenePicture``.
    public static let picture: UInt16 = 5
    /// A WebDriver command that reads or touches the scene's views: asks with a
    /// ``SceneWebDriverRequest``; the reply is a ``SceneWebDriverResponse``. The process may answer
    /// later (an element click answers once its tap was delivered).
    public static let webDriver: UInt16 = 6
    /// `Host1.TapMatching`'s search: as ``match``, but when the selector matches one view and it is
    /// in a table row out of view, the scene scrolls the row into view first and answers for the row's
    /// cell on screen [TV-12].
    public static let matchForTap: UInt16 = 7
    /// The accessibility bus, as the board joins or leaves it: asks with the board's unique name on
    /// it (string; "" when the board left), and the process starts serving its objects for the board
    /// to forward (named by that name), or stops; the reply is empty.
    public static let accessibilityState: UInt16 = 8
    /// An AT-SPI call to one of the process's objects: asks with a ``SceneAccessibilityCall``; the
    /// reply is the answer's D-Bus wire bytes. The process may answer later.
    public static let accessibilityCall: UInt16 = 9
    /// The board is stopping (SIGTERM, SIGINT, an input script's `quit`): the scene cancels its live
    /// touches, a script's in flight included (its views get `touchesCancelled`, the board publishes
    /// the cancelled `Touch` signals), and disconnects, as a scene in the board does at the board's
    /// stop; the reply (empty) follows their signals, and the board ends the process after it. A
    /// query, not an input: it must not wait behind a long script.
    public static let stop: UInt16 = 10
}

/// The codes of the channel's `failure` messages.
public enum SceneQueryFailureCode {
    /// The query's code is not one this scene process knows.
    public static let unknownQuery: UInt16 = 1
    /// The query's body does not decode, or names a window the scene does not have.
    public static let invalidArguments: UInt16 = 2
}
