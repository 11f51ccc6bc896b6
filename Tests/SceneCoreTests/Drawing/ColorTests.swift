import SceneCore
import Testing

@Suite("Colors and fonts")
struct ColorTests {
    @Test("UIKit's named colours have UIKit's components")
    func namedColours() {
        #expect(Color.lightGray == Color(white: 2.0 / 3))
        #expect(Color.darkGray == Color(white: 1.0 / 3))
        #expect(Color.orange == Color(red: 1, green: 0.5, blue: 0))
        #expect(Color.clear.alpha == 0 && Color.clear.isClear)
        #expect(Color.systemBlue == Color(red: 0, green: 122.0 / 255, blue: 1))
        #expect(Color.tint == .systemBlue)
    }

    @Test("withAlphaComponent replaces only the alpha")
    func alphaComponent() {
        let translucent = Color.red.withAlphaComponent(0.25)
        #expect(translucent == Color(red: 1, green: 0, blue: 0, alpha: 0.25))
        #expect(!translucent.isOpaque && Color.red.isOpaque)
    }

    @Test("The system font is the sans-serif family at the size asked")
    func systemFont() {
        let font = Font.boldSystemFont(ofSize: 20)
        #expect(font.familyName == "sans-serif" && font.pointSize == 20 && font.weight == .bold)
        #expect(font.withSize(9).pointSize == 9)
    }
}
