/// The directions a swipe may travel in, combinable, with the raw values of
/// `UISwipeGestureRecognizer.Direction` (§0): right 1, left 2, up 4, down 8.
///
/// Directions are on screen with y pointing down: `.down` is towards larger y.
public struct SwipeDirection: OptionSet, Hashable, Sendable {
    public let rawValue: UInt

    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// Towards larger x.
    public static let right = SwipeDirection(rawValue: 1 << 0)
    /// Towards smaller x.
    public static let left = SwipeDirection(rawValue: 1 << 1)
    /// Towards smaller y.
    public static let up = SwipeDirection(rawValue: 1 << 2)
    /// Towards larger y.
    public static let down = SwipeDirection(rawValue: 1 << 3)
}
