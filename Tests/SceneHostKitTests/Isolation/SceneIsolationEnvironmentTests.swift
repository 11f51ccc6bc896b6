import Glibc
@testable import SceneHostKit
import Testing

@MainActor
@Suite("A scene process's environment")
struct SceneIsolationEnvironmentTests {
    @Test("It has no bus, display or accessibility address, and names the board as its parent so that it ends if the board died before it could ask to die with it")
    func environment() {
        let host = ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/x", "DISPLAY": ":0", "AT_SPI_BUS_ADDRESS": "unix:path=/y", "HOME": "/root", "LANG": "C.UTF-8"]
        let child = SceneIsolation.childEnvironment(host, parent: 4242)
        #expect(child == ["HOME=/root", "LANG=C.UTF-8", "SCENEHOST_PROBE_PARENT=4242"])
        #expect(SceneIsolation.childEnvironment([:]).contains("SCENEHOST_PROBE_PARENT=\(getpid())"))
    }
}
