/// Horizontal alignment of the lines of a text in its box: UIKit's `NSTextAlignment`. `natural`
/// is `left` (SceneHost lays text out left to right).
@frozen
public enum TextAlignment: Hashable, Sendable {
    case left
    case center
    case right
    case justified
    case natural
}
