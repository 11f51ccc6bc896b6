import SceneCtlKit
import Testing

@Test("scenectl's command type exists")
func commandExists() {
    #expect(SceneCtl.configuration.commandName == "scenectl")
}
