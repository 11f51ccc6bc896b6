/// What happens to text that does not fit its box: UIKit's `NSLineBreakMode`.
///
/// The wrapping modes break lines at words or characters and cut what does not fit; the truncating
/// modes wrap like `byWordWrapping` but end the last line that fits with an ellipsis ("…") at the
/// head, middle or tail of the text; `byClipping` draws what fits and cuts the rest off.
@frozen
public enum LineBreakMode: Hashable, Sendable {
    case byWordWrapping
    case byCharWrapping
    case byClipping
    case byTruncatingHead
    case byTruncatingTail
    case byTruncatingMiddle
}
