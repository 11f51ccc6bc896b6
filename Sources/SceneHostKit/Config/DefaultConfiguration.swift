import Foundation
import ScenePlugins

extension HostConfiguration {
    /// The configuration `scene-host` uses when started without `--config`: the four demo scenes.
    /// `Config/scene-host.yaml` holds the same text (a test keeps them equal).
    public static let embeddedDefaultYAML = """
        # SceneHost default configuration: the four demo scenes.
        plugins:
          folders: []
          probe-timeout: 5
          allow-insecure: false
        scenes:
          - name: findview
            plugin: FindView
            size: [390, 844]
            size-restrictions: {minimum: [320, 480]}
          - name: gesturelab
            plugin: GestureLab
            size: [390, 844]
            size-restrictions: {minimum: [320, 480]}
          - name: gallery
            plugin: Gallery
            size: [390, 844]
            size-restrictions: {minimum: [320, 480]}
          - name: settings
            plugin: Settings
            size: [390, 844]
            size-restrictions: {minimum: [320, 480]}
            active: false
        bus:
          mode: auto
          limits:
            simultaneous-touches: 10
            samples-per-call: 10000
            script-seconds: 60
            calls-per-second: 10000
        clock: real
        accessibility: auto
        mpris: auto
        display:
          mode: auto
          two-finger-modifier: alt
          finger-dots: true
          input-wait: 1
        isolation:
          mode: process
          sandbox: auto
          response-timeout: 5
          start-timeout: 10
        input: open
        input-allowed-executables: []
        diagnostics: []
        log-level: info
        interaction:
          hit-test-passes: 1

        """

    /// The parsed embedded default.
    public static var embeddedDefault: HostConfiguration {
        // The embedded text is fixed and covered by a test, so parsing cannot fail at run time.
        (try? parse(yaml: embeddedDefaultYAML, file: "<embedded default>")) ?? HostConfiguration()
    }

    /// The user configuration, `$XDG_CONFIG_HOME/scenehost/scene-host.yaml`, when that file exists:
    /// what a host started without `--config` (by D-Bus activation or systemd) reads instead of the
    /// embedded default, so a user adds a scene without editing a unit.
    public static func userConfigurationPath(environment: [String: String]) -> String? {
        let path = XDGFolders.config(environment: environment) + "/scenehost/scene-host.yaml"
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }
}
