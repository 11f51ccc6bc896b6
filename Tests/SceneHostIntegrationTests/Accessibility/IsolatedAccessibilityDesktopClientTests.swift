import Testing

/// Accerciser's validator and Orca with every scene in a process of its own: the same tree, the same
/// events, the same speech as with the scenes in the host (``AccessibilityDesktopClientTests``). A
/// suite of its own so that it runs in the other integration process (scripts/lib/test-groups.sh),
/// beside the first suite rather than after it. The validator walks the whole tree at start only: each
/// of its queries crosses the host and a scene process, and three walks of 1,062 objects took ten
/// minutes under AddressSanitizer beside another load; the later states are still reached through the
/// scene processes and their focus and active windows checked, and the suite against the host's own
/// scenes validates all three.
@Suite(
    "Accerciser's validator and Orca against scene-host with every scene in a process of its own, headless",
    .serialized,
    .enabled(
        if: DesktopClientTools.available,
        "needs Xvfb, Accerciser and Orca besides the pyatspi tools; missing: \(DesktopClientTools.missing.joined(separator: " ")) (scripts/install-deps installs them)"
    ))
struct IsolatedAccessibilityDesktopClientTests {
    @Test("Accerciser's AT-SPI Validator reports 0 errors over the whole tree at start, every scene's objects served by its scene process through the host, and the focus and active window of the two later states are the same")
    func validator() async throws {
        try await AccessibilityDesktopClientTests.validate(isolation: "process", validated: .first)
    }

    @Test("Orca 43 says the same in the same session, every scene's objects and events served by its scene process through the host")
    func orca() async throws {
        try await AccessibilityDesktopClientTests.speak(isolation: "process")
    }
}
