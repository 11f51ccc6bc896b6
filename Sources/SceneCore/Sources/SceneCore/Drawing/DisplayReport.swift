/// What one ``Window/drawHierarchy(in:region:)`` did: the measure of how much a redraw cost.
@frozen
public struct DisplayReport: Hashable, Sendable {
    /// Views whose subtree met the region and were entered.
    public var viewsVisited = 0
    /// Views whose own bounds met the region and drew their background, content or border.
    public var viewsDrawn = 0
    /// Calls of ``View/draw(_:in:)`` (SceneCore's own drawing views included).
    public var drawCalls = 0

    public init() {}
}
