/// UIKit's system colours in their light-appearance, default-contrast values (sRGB). SceneHost has no
/// dark appearance, so each is one fixed colour.
extension Color {
    public static let systemRed = Color(red255: 255, 59, 48)
    public static let systemOrange = Color(red255: 255, 149, 0)
    public static let systemYellow = Color(red255: 255, 204, 0)
    public static let systemGreen = Color(red255: 52, 199, 89)
    public static let systemMint = Color(red255: 0, 199, 190)
    public static let systemTeal = Color(red255: 48, 176, 199)
    public static let systemCyan = Color(red255: 50, 173, 230)
    public static let systemBlue = Color(red255: 0, 122, 255)
    public static let systemIndigo = Color(red255: 88, 86, 214)
    public static let systemPurple = Color(red255: 175, 82, 222)
    public static let systemPink = Color(red255: 255, 45, 85)
    public static let systemBrown = Color(red255: 162, 132, 94)
    public static let systemGray = Color(red255: 142, 142, 147)
    public static let systemGray2 = Color(red255: 174, 174, 178)
    public static let systemGray3 = Color(red255: 199, 199, 204)
    public static let systemGray4 = Color(red255: 209, 209, 214)
    public static let systemGray5 = Color(red255: 229, 229, 234)
    public static let systemGray6 = Color(red255: 242, 242, 247)

    /// Text: primary.
    public static let label = Color.black
    /// Text: secondary (60, 60, 67 at 60 %).
    public static let secondaryLabel = Color(red255: 60, 60, 67, alpha: 0.6)
    /// Text: tertiary (60, 60, 67 at 30 %).
    public static let tertiaryLabel = Color(red255: 60, 60, 67, alpha: 0.3)
    /// Text and controls that cannot be used (60, 60, 67 at 18 %).
    public static let quaternaryLabel = Color(red255: 60, 60, 67, alpha: 0.18)
    /// Thin lines between content (60, 60, 67 at 29 %).
    public static let separator = Color(red255: 60, 60, 67, alpha: 0.29)
    /// Fills of small shapes such as a slider's track (120, 120, 128 at 20 %).
    public static let systemFill = Color(red255: 120, 120, 128, alpha: 0.2)
    /// Fills of medium shapes such as a switch's track (120, 120, 128 at 16 %).
    public static let secondarySystemFill = Color(red255: 120, 120, 128, alpha: 0.16)
    public static let systemBackground = Color.white
    public static let secondarySystemBackground = Color(red255: 242, 242, 247)
    public static let tertiarySystemBackground = Color.white
    /// The default ``View/tintColor`` at the top of every tree.
    public static let tint = Color.systemBlue
}
