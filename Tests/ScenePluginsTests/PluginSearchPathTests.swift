import Foundation
import ScenePlugins
import Testing

@Suite("Plugin search path and the user configuration")
struct PluginSearchPathTests {
    @Test("Configured folders, then $SCENEHOST_PLUGIN_PATH, then the user's folder, then the installed folder; each once")
    func order() {
        let folders = PluginSearchPath.folders(
            configured: ["mine", "@executable_dir", "/opt/extra"], configurationPath: "/home/u/.config/scenehost/scene-host.yaml",
            executable: "/usr/lib/scenehost/scene-host",
            environment: ["HOME": "/home/u", "SCENEHOST_PLUGIN_PATH": "/a:/b::/opt/extra", "XDG_DATA_HOME": "/data"])
        #expect(folders == [
            "/home/u/.config/scenehost/mine", "/usr/lib/scenehost", "/opt/extra", "/a", "/b", "/data/scenehost/plugins",
        ])
    }

    @Test("Without XDG_DATA_HOME (or with a relative one) the user's folder is ~/.local/share/scenehost/plugins")
    func xdgDefaults() {
        #expect(PluginSearchPath.userFolder(environment: ["HOME": "/home/u"]) == "/home/u/.local/share/scenehost/plugins")
        #expect(PluginSearchPath.userFolder(environment: ["HOME": "/home/u", "XDG_DATA_HOME": "rel"]) == "/home/u/.local/share/scenehost/plugins")
        let folders = PluginSearchPath.folders(configured: [], configurationPath: "", executable: "/p/lib/scenehost/scene-host", environment: ["HOME": "/h"])
        #expect(folders == ["/h/.local/share/scenehost/plugins", "/p/lib/scenehost"])
    }
}
