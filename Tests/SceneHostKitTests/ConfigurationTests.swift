import Foundation
import Glibc
import SceneAccessibility
import SceneBusServing
import SceneCore
import SceneHostKit
import SceneMedia
import ScenePlugins
import Testing

@Suite("Host configuration")
struct ConfigurationTests {
    @Test("The committed Config/scene-host.yaml equals the embedded default")
    func committedFileMatchesEmbeddedDefault() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Config/scene-host.yaml").path
        var fromFile = try HostConfiguration.load(path: path)
        fromFile.sourcePath = ""
        #expect(fromFile == HostConfiguration.embeddedDefault)
        #expect(fromFile.scenes.map(\.name) == ["findview", "gesturelab", "gallery", "settings"])
        #expect(fromFile.scenes.map(\.plugin) == ["FindView", "GestureLab", "Gallery", "Settings"])
        #expect(fromFile.scenes.map(\.active) == [true, true, true, false], "Settings starts inactive: Gallery's alert keeps the key window")
    }

    @Test("Every key is read")
    func fullConfiguration() throws {
        let configuration = try HostConfiguration.parse(
            yaml: """
                plugins:
                  folders: [/opt/plugins, relative]
                  probe-timeout: 1.5
                scenes:
                  - name: one
                    plugin: FindView
                    options: {color: blue, size: "3"}
                    frame: [10, 20, 300, 400]
                    active: false
                bus:
                  mode: unix:path=/tmp/bus.sock
                  limits: {simultaneous-touches: 4, samples-per-call: 50, script-seconds: 2.5}
                accessibility: off
                mpris: off
                input: read-only
                input-allowed-executables: [/usr/bin/scenectl, /opt/tools/driver]
                diagnostics: [hit-testing, bus]
                log-level: debug
                interaction: {hit-test-passes: 2, tap-count-interval: 0.4, control-tracking-slop: 0, wheel-step: 53.5}
                """, file: "t.yaml")
        #expect(configuration.pluginFolders == ["/opt/plugins", "relative"])
        #expect(configuration.probeTimeout == 1.5)
        #expect(configuration.scenes == [SceneConfiguration(
            name: "one", plugin: "FindView", options: ["color": "blue", "size": "3"],
            frame: Rect(x: 10, y: 20, width: 300, height: 400), active: false)])
        #expect(configuration.bus.mode == .address("unix:path=/tmp/bus.sock"))
        #expect(configuration.bus.limits.simultaneousTouches == 4 && configuration.bus.limits.samplesPerCall == 50)
        #expect(configuration.bus.limits.scriptSeconds == 2.5)
        #expect(configuration.accessibility == .off)
        #expect(configuration.mpris == .off)
        #expect(configuration.input == InputPolicy(mode: .readOnly, allowedExecutables: ["/usr/bin/scenectl", "/opt/tools/driver"]))
        #expect(configuration.diagnostics == [.hitTesting, .bus])
        #expect(configuration.logLevel == .debug)
        #expect(configuration.interaction.hitTestPasses == 2 && configuration.interaction.tapCountInterval == 0.4)
        #expect(configuration.interaction.controlTrackingSlop == 0)
        #expect(configuration.interaction.wheelStepDistance == 53.5)
    }

    @Test("A scene's size and size restrictions are read; a maximum left out is unbounded, and the size starts the scene")
    func sceneSizes() throws {
        let configuration = try HostConfiguration.parse(
            yaml: """
                scenes:
                  - name: wide
                    plugin: Settings
                    size: [800, 600]
                    size-restrictions: {minimum: [320, 480], maximum: [1200, 900]}
                  - name: open
                    plugin: FindView
                    size-restrictions:
                      minimum: [100, 100]
                  - name: plain
                    plugin: Gallery
                """, file: "t.yaml")
        #expect(configuration.scenes[0].size == Size(width: 800, height: 600))
        #expect(configuration.scenes[0].sizeRestrictions == SceneSizeRestrictions(
            minimumSize: Size(width: 320, height: 480), maximumSize: Size(width: 1200, height: 900)))
        #expect(configuration.scenes[1].sizeRestrictions == SceneSizeRestrictions(
            minimumSize: Size(width: 100, height: 100), maximumSize: Size(width: .infinity, height: .infinity)))
        #expect(configuration.scenes.map(\.startingSize) == [Size(width: 800, height: 600), SceneConfiguration.defaultSize, SceneConfiguration.defaultSize])
        #expect(configuration.scenes[2].sizeRestrictions == nil)
    }

    @Test("Without interaction.wheel-step a wheel step is InteractionDefaults.wheelStepDistance, 40 points")
    func wheelStepDefault() throws {
        #expect(try HostConfiguration.parse(yaml: "log-level: info", file: "t.yaml").interaction.wheelStepDistance == 40)
        #expect(InteractionDefaults.wheelStepDistance == 40)
    }

    @Test(
        "Errors name the file, the line and the key",
        arguments: [
            ("sceens: []", "t.yaml:1: sceens: unknown key 'sceens'"),
            ("plugins:\n  probe-timeout: soon", "t.yaml:2: plugins.probe-timeout: expected a number, found 'soon'"),
            ("plugins:\n  probe-timeout: -1", "t.yaml:2: plugins.probe-timeout: expected a number greater than 0"),
            ("scenes:\n  - name: a\n    plugin: {x: 1}", "t.yaml:3: scenes[0].plugin: expected a string, found a mapping"),
            ("scenes:\n  - name: a b\n    plugin: P", "t.yaml:2: scenes[0].name: scene name 'a b' is invalid"),
            ("scenes:\n  - name: a\n    plugin: P\n  - name: a\n    plugin: Q", "t.yaml:4: scenes[1].name: scene name 'a' is used twice"),
            ("scenes:\n  - name: a", "t.yaml:2: scenes[0]: scene 'a' needs a 'plugin'"),
            ("scenes:\n  - name: a\n    plugin: P\n    frame: [1, 2, 3]", "t.yaml:4: scenes[0].frame: expected [x, y, width, height]"),
            ("bus:\n  mode: tcp", "t.yaml:2: bus.mode: 'tcp' is not a bus mode"),
            ("bus:\n  limits:\n    simultaneous-touches: 100", "t.yaml:3: bus.limits.simultaneous-touches: expected a whole number from 1 to 64, found 100"),
            ("accessibility: maybe", "t.yaml:1: accessibility: 'maybe' is not one of: auto, on, off"),
            ("mpris: yes please", "t.yaml:1: mpris: 'yes please' is not one of: auto, on, off"),
            ("input: readonly", "t.yaml:1: input: 'readonly' is not one of: open, read-only"),
            ("input-allowed-executables:\n  - /usr/bin/a\n  - scenectl", "t.yaml:3: input-allowed-executables[1]: 'scenectl' is not an absolute path"),
            ("diagnostics: [hit-test]", "t.yaml:1: diagnostics[0]: unknown diagnostics topic 'hit-test'"),
            ("interaction:\n  hit-test-passes: 3", "t.yaml:2: interaction.hit-test-passes: expected a whole number from 1 to 2, found 3"),
            ("interaction:\n  wheel-step: 0", "t.yaml:2: interaction.wheel-step: expected a number greater than 0, found 0"),
            ("interaction:\n  wheel-step: -40", "t.yaml:2: interaction.wheel-step: expected a number greater than 0, found -40"),
            ("interaction:\n  wheel-step: fast", "t.yaml:2: interaction.wheel-step: expected a number, found 'fast'"),
            ("interaction:\n  wheel-step: 40000", "t.yaml:2: interaction.wheel-step: expected the points one wheel step scrolls, at most 10000, found 40000"),
            ("scenes:\n  - name: a\n    plugin: P\n    size: [0, 10]", "t.yaml:4: scenes[0].size: expected [width, height] with a positive width and height"),
            ("scenes:\n  - name: a\n    plugin: P\n    size: [10, 20, 30]", "t.yaml:4: scenes[0].size: expected [width, height]"),
            (
                "scenes:\n  - name: a\n    plugin: P\n    size: [390, 20000]",
                "t.yaml:4: scenes[0].size: the height 20000 is larger than a scene can be: give at most 16384 points"
            ),
            (
                "scenes:\n  - name: a\n    plugin: P\n    frame: [0, 0, 16384.5, 100]",
                "t.yaml:4: scenes[0].frame: the width 16384.5 is larger than a scene can be: give at most 16384 points"
            ),
            (
                "scenes:\n  - name: a\n    plugin: P\n    frame: [0, 0, 100, 100]\n    size: [10, 20]",
                "t.yaml:5: scenes[0].size: scene 'a' has both 'frame' and 'size': give the size in the frame, or drop the frame"
            ),
            (
                "scenes:\n  - name: a\n    plugin: P\n    size: [300, 600]\n    size-restrictions: {minimum: [320, 480]}",
                "t.yaml:4: scenes[0].size: scene 'a' starts at 300×600, outside its size-restrictions 320×480…unbounded: give a size within them"
            ),
            (
                "scenes:\n  - name: a\n    plugin: P\n    size-restrictions: {maximum: [300, 300]}",
                "t.yaml:2: scenes[0]: scene 'a' starts at 390×844, outside its size-restrictions 0×0…300×300"
            ),
            (
                "scenes:\n  - name: a\n    plugin: P\n    size-restrictions:\n      minimum: [500, 10]\n      maximum: [400, 900]",
                "t.yaml:5: scenes[0].size-restrictions: the minimum 500×10 is larger than the maximum 400×900"
            ),
            ("scenes:\n  - name: a\n    plugin: P\n    size-restrictions: {minimum: [-1, 0]}", "t.yaml:4: scenes[0].size-restrictions.minimum: expected [width, height], each 0 or more"),
            ("scenes:\n  - name: a\n    plugin: P\n    size-restrictions: {largest: [1, 1]}", "t.yaml:4: scenes[0].size-restrictions.largest: unknown key 'largest'"),
            ("scenes: [\n  - a", "t.yaml:2: YAML syntax:"),
            ("scenes: 5", "t.yaml:1: scenes: expected a list, found a scalar"),
        ])
    func errorsNameFileLineAndKey(yaml: String, expected: String) {
        do {
            _ = try HostConfiguration.parse(yaml: yaml, file: "t.yaml")
            Issue.record("expected an error for \(yaml)")
        } catch {
            #expect(error.description.hasPrefix(expected), "got: \(error.description)")
        }
    }

    @Test("A missing file is an error naming it")
    func missingFile() {
        #expect(throws: ConfigurationError(file: "/nope.yaml", line: 0, key: "", message: "cannot read the file (missing or unreadable)")) {
            try HostConfiguration.load(path: "/nope.yaml")
        }
    }

    @Test("@executable_dir and relative plugin folders resolve")
    func folderResolution() {
        let folders = PluginRegistry.resolveFolders(
            ["@executable_dir", "plugins", "/abs"], configurationPath: "/etc/scene/host.yaml", executable: "/usr/bin/scene-host")
        #expect(folders == ["/usr/bin", "/etc/scene/plugins", "/abs"])
    }

    @Test("The user configuration is $XDG_CONFIG_HOME/scenehost/scene-host.yaml when the file exists")
    func userConfiguration() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("scenehost-xdg-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        #expect(HostConfiguration.userConfigurationPath(environment: ["XDG_CONFIG_HOME": home]) == nil)
        try FileManager.default.createDirectory(atPath: home + "/scenehost", withIntermediateDirectories: true)
        try Data("scenes: []\n".utf8).write(to: URL(fileURLWithPath: home + "/scenehost/scene-host.yaml"))
        #expect(HostConfiguration.userConfigurationPath(environment: ["XDG_CONFIG_HOME": home]) == home + "/scenehost/scene-host.yaml")
        #expect(HostConfiguration.userConfigurationPath(environment: ["HOME": home + "/nobody"]) == nil)
    }
}
