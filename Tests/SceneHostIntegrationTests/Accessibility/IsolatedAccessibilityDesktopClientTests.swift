import Testing

/// Accerciser's validator and Orca with every scene in a process of its own: the same tree, the same
/// events, the same speech as with the scenes in the host (``AccessibilityDesktopClientTests``). A
/// suite of its own so that it runs in the other integration process (scripts/lib/test-groups.sh),
/// beside the first suite rather than after it.
@Suite(
    "Accerciser's validator and Orca against scene-host with every scene in a process of its own, headless",
    .serialized,
    .enabled(
        if: DesktopClientTools.available,
        "needs Xvfb, Accerciser and Orca besides the pyatspi tools; missing: \(DesktopClientTools.missing.joined(separator: " ")) (scripts/install-deps installs them)"
    ))
struct IsolatedAccessibilityDesktopClientTests {
    @Test("Accerciser's AT-SPI Validator reports 0 errors over the whole tree in the same three states, every scene's objects served by its scene process through the host")
    func validator() async throws {
        try await AccessibilityDesktopClientTests.validate(isolation: "process")
    }

    @Test("Orca 43 says the same in the same session, every scene's objects and events served by its scene process through the host")
    func orca() async throws {
        try await AccessibilityDesktopClientTests.speak(isolation: "process")
    }
}
