/// A colour in sRGB with straight (not premultiplied) alpha, each component in 0…1: UIKit's `UIColor`.
///
/// Components outside 0…1 are kept as given and clamped only when drawn. The named colours are
/// UIKit's (``lightGray`` is ⅔ white, ``orange`` is (1, 0.5, 0)); the system colours are UIKit's
/// light-appearance values (see `Color+System.swift`).
@frozen
public struct Color: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    @inlinable
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A grey: `white` 0 is black, 1 is white.
    @inlinable
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// A colour from 8-bit components, as design tools write them: `Color(red255: 0, 122, 255)`.
    @inlinable
    public init(red255 red: Int, _ green: Int, _ blue: Int, alpha: Double = 1) {
        self.init(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255, alpha: alpha)
    }

    /// The same colour with `alpha` replacing its alpha component.
    @inlinable
    public func withAlphaComponent(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// True when the colour covers what is behind it completely (alpha ≥ 1).
    @inlinable
    public var isOpaque: Bool { alpha >= 1 }

    /// True when drawing the colour changes nothing (alpha ≤ 0).
    @inlinable
    public var isClear: Bool { alpha <= 0 }

    // MARK: UIKit's named colours

    public static let black = Color(white: 0)
    public static let darkGray = Color(white: 1.0 / 3)
    public static let lightGray = Color(white: 2.0 / 3)
    public static let white = Color(white: 1)
    public static let gray = Color(white: 0.5)
    public static let red = Color(red: 1, green: 0, blue: 0)
    public static let green = Color(red: 0, green: 1, blue: 0)
    public static let blue = Color(red: 0, green: 0, blue: 1)
    public static let cyan = Color(red: 0, green: 1, blue: 1)
    public static let yellow = Color(red: 1, green: 1, blue: 0)
    public static let magenta = Color(red: 1, green: 0, blue: 1)
    public static let orange = Color(red: 1, green: 0.5, blue: 0)
    public static let purple = Color(red: 0.5, green: 0, blue: 0.5)
    public static let brown = Color(red: 0.6, green: 0.4, blue: 0.2)
    /// Fully transparent black.
    public static let clear = Color(white: 0, alpha: 0)
}

extension Color: CustomStringConvertible {
    /// `rgba(r, g, b, a)` with components in 0…1, compact.
    public var description: String {
        "rgba(\(red.compactDescription), \(green.compactDescription), \(blue.compactDescription), \(alpha.compactDescription))"
    }
}
