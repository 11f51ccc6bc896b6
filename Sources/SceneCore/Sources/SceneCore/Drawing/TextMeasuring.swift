/// Measures text exactly as the renderer lays it out, for sizes that come from text [LY-6] (a label's
/// intrinsic size). The host gives the application one (``Application/textMeasurer``); without it,
/// such views have no intrinsic size and fit to their current size.
///
/// Main actor, like the views it measures.
@MainActor
public protocol TextMeasuring: AnyObject {
    /// The size `text` takes laid out with `style` in a box `width` wide (nil: unlimited, one line
    /// per paragraph), of unlimited height but for `style.numberOfLines`; zero for empty text.
    func size(of text: String, style: TextStyle, width: Double?) -> Size
}
