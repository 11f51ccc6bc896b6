import Logging
import SceneDisplay
@testable import SceneHostKit
import Testing

@MainActor
@Suite("Who owns the desktop display")
struct DesktopDisplayOwnershipTests {
    @Test("A host and its desktop display do not keep each other alive: once their owner lets go, both are freed")
    func hostAndDisplayAreFreedTogether() {
        weak var releasedHost: SceneHost?
        weak var releasedDisplay: DesktopDisplay?
        do {
            let host = bareHost()
            let display = DesktopDisplay(
                application: host.application, deviceInput: host.deviceInput, pendingWork: host.pendingWork, clockMode: host.clock.mode,
                options: DisplayOptions(driver: .offscreen), logger: Logger(label: "test"))
            host.desktop = display
            releasedHost = host
            releasedDisplay = display
            #expect(releasedHost?.desktop === display)
        }
        #expect(releasedHost == nil)
        #expect(releasedDisplay == nil)
    }

    @Test("The host refers to its display weakly: the display lives as long as its owner keeps it")
    func displayLivesWithItsOwner() {
        let host = bareHost()
        var owner: DesktopDisplay? = DesktopDisplay(
            application: host.application, deviceInput: host.deviceInput, pendingWork: host.pendingWork, clockMode: host.clock.mode,
            options: DisplayOptions(driver: .offscreen), logger: Logger(label: "test"))
        host.desktop = owner
        #expect(host.desktop != nil)
        owner = nil
        #expect(host.desktop == nil)
    }
}
