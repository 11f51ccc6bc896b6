/// A font: a family, a size in points and a weight: UIKit's `UIFont`.
///
/// The renderer resolves the family through fontconfig and falls back, glyph by glyph, to other
/// installed fonts for characters the family lacks. ``systemFamilyName`` is fontconfig's
/// `sans-serif` alias (DejaVu Sans on a Debian machine with `fonts-dejavu-core`).
@frozen
public struct Font: Hashable, Sendable {
    /// A fontconfig family name or a comma-separated list of them, e.g. `"DejaVu Serif"`.
    public var familyName: String
    /// The em size in points (one point is one unit of window coordinates).
    public var pointSize: Double
    public var weight: Weight
    public var isItalic: Bool

    /// A font of `familyName` at `size` points.
    public init(name familyName: String, size: Double, weight: Weight = .regular, italic: Bool = false) {
        self.familyName = familyName
        self.pointSize = size
        self.weight = weight
        self.isItalic = italic
    }

    /// The family the system fonts use.
    public static let systemFamilyName = "sans-serif"
    /// The default size of labels (UIKit's body text).
    public static let labelFontSize: Double = 17
    /// The default size of button titles (UIKit's system button).
    public static let buttonFontSize: Double = 15
    /// The default size of small print.
    public static let smallSystemFontSize: Double = 12

    /// The system font at `size` points.
    public static func systemFont(ofSize size: Double, weight: Weight = .regular) -> Font {
        Font(name: systemFamilyName, size: size, weight: weight)
    }

    /// The bold system font at `size` points.
    public static func boldSystemFont(ofSize size: Double) -> Font {
        Font(name: systemFamilyName, size: size, weight: .bold)
    }

    /// The italic system font at `size` points.
    public static func italicSystemFont(ofSize size: Double) -> Font {
        Font(name: systemFamilyName, size: size, italic: true)
    }

    /// The same font at another size.
    public func withSize(_ size: Double) -> Font {
        var copy = self
        copy.pointSize = size
        return copy
    }

    /// A font's stroke weight: UIKit's `UIFont.Weight`, as the CSS/OpenType numeric weights.
    public enum Weight: Int, Hashable, Sendable, CaseIterable {
        case ultraLight = 200
        case thin = 100
        case light = 300
        case regular = 400
        case medium = 500
        case semibold = 600
        case bold = 700
        case heavy = 800
        case black = 900
    }
}
