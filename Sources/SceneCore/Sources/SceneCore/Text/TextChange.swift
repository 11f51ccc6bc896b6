/// A change to the text of a view (a ``TextField``'s text or caret, a ``Label``'s text), as observers
/// hear it. Offsets count Unicode scalars.
public enum TextChange: Hashable, Sendable {
    /// `text` was inserted at `offset`.
    case inserted(offset: Int, text: String)
    /// `text` was deleted from `offset`.
    case deleted(offset: Int, text: String)
    /// The caret moved to `offset`.
    case caretMoved(offset: Int)
}
