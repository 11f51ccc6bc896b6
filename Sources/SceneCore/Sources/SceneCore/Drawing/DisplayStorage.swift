/// A view's appearance (colours, corners, border) and the renderer's bookkeeping for it, allocated
/// the first time one of them is set or the view is drawn, so that views nobody draws pay one nil
/// pointer.
///
/// The fields a drawing pass reads for every view it meets skip the dynamic exclusivity checks: they
/// are used on the main actor only, read or assigned whole, never passed inout across a call.
final class DisplayStorage {
    @exclusivity(unchecked) var backgroundColor: Color?
    var tintColor: Color?
    @exclusivity(unchecked) var cornerRadius: Double = 0
    @exclusivity(unchecked) var borderWidth: Double = 0
    var borderColor: Color = .black
    var isOpaque: Bool?
    var contentMode: ContentMode = .scaleToFill
    /// Window coordinates: a box holding every pixel the view and its subtree paint with the current
    /// geometry, clipped by the clipping ancestors (``Rect/null``: nothing). Kept up to date, while
    /// the window is observed, by the display pass and by `WindowDisplayState.resolvePending`.
    @exclusivity(unchecked) var extent: Rect = .null
    /// In its window's list of views whose extent must be recomputed.
    var isPendingExtent = false
    /// Set on a window's storage while someone observes its pixels.
    var windowState: WindowDisplayState?
}
