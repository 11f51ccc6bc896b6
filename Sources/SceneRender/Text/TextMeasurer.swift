public import SceneCore

/// Measures text exactly as windows draw it (the same Pango setup and font options), for code that
/// needs text geometry without drawing: the accessibility bridge's character extents, and views' intrinsic
/// sizes (the host makes it the application's ``TextMeasuring``).
///
/// Isolation: main actor, like the views whose text it measures. Layouts are cached as a window's
/// are and released as the cache's frames advance (one frame per ``size(of:style:width:)`` call).
@MainActor
public final class TextMeasurer: TextMeasuring {
    private let cache = TextLayoutCache()

    public init() {}

    /// The size `text` takes laid out with `style` in a box `width` wide (nil: unlimited, one line
    /// per paragraph); zero for empty text.
    public func size(of text: String, style: TextStyle, width: Double? = nil) -> Size {
        guard !text.isEmpty else { return .zero }
        defer { cache.endFrame() }
        return cache.entry(for: text, style: style, width: width, height: nil).size
    }
}
