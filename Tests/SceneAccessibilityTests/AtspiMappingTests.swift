import DBusKit
@testable import SceneAccessibility
import SceneCore
import Testing

@Suite("AT-SPI roles and state sets")
struct AtspiMappingTests {
    @Test(
        "Each model role maps to the AT-SPI role number and name libatspi 2.46 knows",
        arguments: [
            (AccessibilityRole.panel, 39, "panel"), (.frame, 23, "frame"), (.pushButton, 43, "push button"),
            (.toggleButton, 62, "toggle button"), (.checkBox, 7, "check box"), (.slider, 51, "slider"), (.label, 29, "label"),
            (.image, 27, "image"), (.table, 55, "table"), (.tableCell, 56, "table cell"), (.entry, 79, "entry"),
            (.canvas, 6, "canvas"),
        ] as [(AccessibilityRole, UInt32, String)])
    func roles(role: AccessibilityRole, number: UInt32, name: String) {
        #expect(AtspiRole(role).rawValue == number)
        #expect(AtspiRole(role).name == name)
    }

    @Test("Every model role is mapped, and none to a role newer than at-spi2-core 2.46 (last role 129)")
    func everyRoleIsKnownTo246() {
        for role in AccessibilityRole.allCases {
            #expect(AtspiRole(role).rawValue < 130)
        }
    }

    @Test("A state set goes on the wire as two words, states 0–31 then 32–63")
    func words() {
        let button = AtspiStateSet([.enabled, .focusable, .sensitive, .showing, .visible])
        #expect(button.words == [1_124_075_776, 0], "the value GTK3 sends for a GtkButton")
        #expect(AtspiStateSet([.checkable, .checked]).words == [1 << 4, 1 << (41 - 32)])
        #expect(AtspiStateSet().words == [0, 0])
    }

    @Test("The changes between two state sets are the states in one but not the other")
    func changes() {
        let before = AtspiStateSet([.visible, .showing, .enabled])
        let after = AtspiStateSet([.visible, .enabled, .focused])
        #expect(after.changes(from: before) == [.focused, .showing])
        #expect(after.changes(from: after).isEmpty)
    }

    @Test("A coordinate type outside screen, window and parent is an invalid argument naming the value")
    func coordinateTypes() throws {
        #expect(try CoordinateType(wire: 0) == .screen)
        #expect(try CoordinateType(wire: 2) == .parent)
        #expect(throws: AccessibilityError.invalidArgument("coordinate type 3 is not 0 (screen), 1 (window) or 2 (parent)")) {
            try CoordinateType(wire: 3)
        }
    }

    @Test("Client errors become the standard D-Bus errors, keeping the message")
    func busErrors() {
        let unknown = AccessibilityError.unknownObject("/org/a11y/atspi/accessible/9").busError
        #expect(unknown.name == .unknownObject)
        #expect(unknown.message.contains("/org/a11y/atspi/accessible/9"))
        #expect(AccessibilityError.invalidArgument("index 4").busError.name == .invalidArgs)
    }
}
