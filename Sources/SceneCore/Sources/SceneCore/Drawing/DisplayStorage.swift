/// A view's appearance (colours, corners, border) and the renderer's bookkeeping for it, allocated
/// the first time one of them is set or the view is drawn, so that views nobody draws pay one nil
/// pointer.

final class DisplayStorage {
    var backgroundColor: Color?
    var tintColor: Color?
    var cornerRadius: Double = 0
    var borderWidth: Double = 0
    var borderColor: Color = .black
    var isOpaque: Bool?
    var contentMode: ContentMode = .scaleToFill
    /// Window coordinates: a box holding every pixel the view and its subtree paint with the current
    /// geometry, clipped by the clipping ancestors (``Rect/null``: nothing). Kept up to date, while
    /// the window is observed, by the display pass and by `WindowDisplayState.resolvePending`.
    var extent: Rect = .null
    /// In its window's list of views whose extent must be recomputed.
    var isPendingExtent = false
    /// Set on a window's storage while someone observes its pixels.
    var windowState: WindowDisplayState?
}
