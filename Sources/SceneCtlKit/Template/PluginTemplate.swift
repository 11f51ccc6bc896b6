/// The files of a new, standalone plugin package (`scenectl new-plugin NAME`): a SwiftPM package
/// that builds `lib<Name>.so` against the installed SceneHost SDK only (pkg-config `scenecore`, and the
/// SDK's PluginEntryPoints build-tool plugin), with the plugin's declaration (`ScenePlugin.toml`, from
/// which the build-tool plugin makes the two entry points), a scene with a label and a button, a test
/// and a README.
///
/// Pure: it makes text, writing it is ``PluginTemplateWriter``'s job.
struct PluginTemplate: Equatable {
    /// The plugin's (and the Swift module's) name: `[A-Z][A-Za-z0-9]*`.
    let name: String
    /// The folder of the SDK's `libSceneCore.so`, for the tests to run against (written into
    /// `Package.swift`; `SCENECORE_LIBDIR` overrides it).
    let sdkLibraryFolder: String

    /// Why a name cannot be a plugin's.
    struct NameError: Error, Equatable {
        let message: String
    }

    /// Names the template cannot take: they would clash with the SDK's modules.
    static let reservedNames: Set<String> = ["SceneCore", "SceneCoreSDK", "CScenePluginABI", "Swift", "Foundation", "Testing"]

    /// - Throws: ``NameError`` quoting `name` and saying what a plugin name looks like.
    init(name: String, sdkLibraryFolder: String) throws(NameError) {
        guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first),
            name.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) }),
            name.count <= 64
        else {
            throw NameError(
                message: "plugin name '\(name)' is invalid: use an upper-case letter then letters and digits (at most 64), e.g. Clock; it names the Swift module and lib<Name>.so")
        }
        guard !Self.reservedNames.contains(name) else {
            throw NameError(message: "plugin name '\(name)' is taken by the SDK or the standard library; choose another")
        }
        self.name = name
        self.sdkLibraryFolder = sdkLibraryFolder
    }

    /// The SDK's Swift package with the PluginEntryPoints build-tool plugin, which scripts/install puts
    /// in `PREFIX/share/scenehost/SceneHostSDK` beside `PREFIX/lib/scenehost` (written into
    /// `Package.swift`; `SCENEHOST_SDK_PACKAGE` overrides it). Empty when there is no installed SDK.
    var sdkPackageFolder: String {
        guard !sdkLibraryFolder.isEmpty else { return "" }
        let library = sdkLibraryFolder.hasSuffix("/") ? String(sdkLibraryFolder.dropLast()) : sdkLibraryFolder
        let installed = "/lib/scenehost"
        let prefix = library.hasSuffix(installed) ? String(library.dropLast(installed.count)) : library + "/../.."
        return prefix + "/share/scenehost/SceneHostSDK"
    }

    /// The scene name the README suggests (`Clock` → `clock`).
    var sceneName: String { name.lowercased() }

    /// Every file, by path relative to the package folder.
    var files: [(path: String, contents: String)] {
        [
            ("Package.swift", packageManifest),
            ("Sources/SceneCoreSDK/module.modulemap", sdkModuleMap),
            ("Sources/SceneCoreSDK/sdk.h", sdkHeader),
            ("Sources/\(name)/ScenePlugin.toml", declaration),
            ("Sources/\(name)/\(name)SceneDelegate.swift", sceneDelegate),
            ("Tests/\(name)Tests/\(name)Tests.swift", tests),
            ("README.md", readme),
            (".gitignore", ".build/\n.swiftpm/\n"),
        ]
    }

    static func == (lhs: PluginTemplate, rhs: PluginTemplate) -> Bool {
        lhs.name == rhs.name && lhs.sdkLibraryFolder == rhs.sdkLibraryFolder
    }

    var packageManifest: String {
        """
        // swift-tools-version:6.1
        // \(name): a SceneHost view-tree plugin, built against the installed SceneHost SDK only
        // (pkg-config scenecore: SceneCore's module interface, the plugin ABI header, libSceneCore.so;
        // the SDK's package: the build-tool plugin that makes the entry points from ScenePlugin.toml).
        import PackageDescription

        /// The SDK's Swift package, whose PluginEntryPoints build-tool plugin makes the plugin's two entry
        /// points from Sources/\(name)/ScenePlugin.toml before each build. `scenectl new-plugin` wrote the
        /// folder of the SDK it came with; SCENEHOST_SDK_PACKAGE overrides it.
        let sceneHostSDK = Context.environment["SCENEHOST_SDK_PACKAGE"] ?? "\(sdkPackageFolder)"

        /// Where the SDK's libSceneCore.so is (`pkg-config --variable=libdir scenecore`), so that the tests
        /// can run; the plugin itself uses the copy the host has loaded. `scenectl new-plugin` wrote the
        /// folder of the SDK it came with; SCENECORE_LIBDIR overrides it.
        let sceneCoreLibrary = Context.environment["SCENECORE_LIBDIR"] ?? "\(sdkLibraryFolder)"

        let package = Package(
            name: "\(name)",
            products: [
                // lib\(name).so: what scene-host loads.
                .library(name: "\(name)", type: .dynamic, targets: ["\(name)"]),
            ],
            dependencies: [.package(path: sceneHostSDK)],
            targets: [
                // The installed SDK, found with pkg-config (set PKG_CONFIG_PATH to PREFIX/lib/pkgconfig
                // when SceneHost is installed under a prefix pkg-config does not search, such as ~/.local).
                .systemLibrary(name: "SceneCoreSDK", pkgConfig: "scenecore"),
                .target(
                    name: "\(name)", dependencies: ["SceneCoreSDK"],
                    plugins: [.plugin(name: "PluginEntryPoints", package: "SceneHostSDK")]),
                .testTarget(
                    name: "\(name)Tests", dependencies: ["\(name)", "SceneCoreSDK"],
                    linkerSettings: [.unsafeFlags(["-Xlinker", "-rpath", "-Xlinker", sceneCoreLibrary])]),
            ],
            swiftLanguageModes: [.v6]
        )

        """
    }

    var sdkModuleMap: String {
        """
        // The installed SceneHost SDK as a system library: depending on it gives the plugin the compiler
        // and linker flags of scenecore.pc. The plugin imports SceneCore, never this module.
        module SceneCoreSDK [system] {
            header "sdk.h"
            export *
        }

        """
    }

    var sdkHeader: String {
        "// Intentionally empty: the SDK's Swift module (SceneCore) and C module (CScenePluginABI) come from scenecore.pc.\n"
    }

    var declaration: String {
        """
        # \(name) declares itself here. Before each build the SDK's PluginEntryPoints build-tool plugin
        # makes the plugin's two entry points from it: scene_plugin_query (who the plugin is, the plugin
        # ABI and SceneCore version of the SDK, the build configuration) and scene_plugin_create (a
        # factory that makes the delegate of each scene the host connects).
        name = "\(name)"
        version = "0.1.0"
        description = "\(name): a label and a button that counts taps"
        delegate = "\(name)SceneDelegate"   # the SceneDelegate whose init() builds each scene

        """
    }

    var sceneDelegate: String {
        """
        import SceneCore

        /// Builds one \(name) scene: a window with a label and a button in a column that follows the
        /// window's size. Each tap on the button counts, updates the label and logs a line (to the
        /// host's log and its D-Bus `Log` signal).
        ///
        /// Like every SceneCore type it runs on the main actor. Views scripts and assistive tools should
        /// find carry an `accessibilityIdentifier`: `scenectl tap-view tap-me --window \(sceneName)` taps the button.
        final class \(name)SceneDelegate: SceneDelegate {
            private(set) var window: Window?
            private(set) var taps = 0

            func scene(_ scene: WindowScene, willConnectWith options: [String: String]) {
                let window = Window(windowScene: scene)  // covers the scene's screen area, whatever its size
                window.title = "\(name)"
                window.backgroundColor = .white
                let label = Label(frame: .zero, text: options["greeting"] ?? "Hello from \(name)")
                label.numberOfLines = 0  // wraps at the column's width
                label.accessibilityIdentifier = "message"
                let button = Button(frame: .zero, title: "Tap me")
                button.accessibilityIdentifier = "tap-me"
                button.backgroundColor = .systemBlue
                button.setTitleColor(.white, for: .normal)
                button.cornerRadius = 10
                button.addAction(named: "countTap", for: .touchUpInside) { [weak self, weak label, weak scene] _, _ in
                    guard let self else { return }
                    taps += 1
                    label?.text = "Tapped \\(taps) time\\(taps == 1 ? "" : "s")"
                    scene?.log("tapped \\(taps)")
                }
                // No frame computed by hand: a column stacks the label and the button at their natural
                // sizes inside its margins, and fills the window as the window resizes (autoresizing).
                let column = StackView(arrangedSubviews: [label, button])
                column.axis = .vertical
                column.alignment = .leading
                column.spacing = 16
                column.isLayoutMarginsRelativeArrangement = true
                column.layoutMargins = EdgeInsets(top: 60, left: 20, bottom: 20, right: 20)
                column.frame = window.bounds
                column.autoresizingMask = [.flexibleWidth, .flexibleHeight]
                window.addSubview(column)
                window.makeKeyAndVisible()
                self.window = window
            }
        }

        """
    }

    var tests: String {
        """
        import SceneCore
        import Testing

        @testable import \(name)

        @MainActor
        @Suite("\(name): the scene")
        struct \(name)Tests {
            @Test("A tap on the button counts and updates the label")
            func tapCounts() throws {
                let clock = ManualClock(now: 0)
                let application = Application(clock: clock)
                application.textMeasurer = FixedTextMeasurer()
                let delegate = \(name)SceneDelegate()
                let scene = try application.connectScene(
                    named: "test", delegate: delegate, screenFrame: Rect(x: 0, y: 0, width: 390, height: 844))
                scene.activate()
                application.layoutIfNeeded()
                let window = try #require(delegate.window)
                #expect((window.view(forReference: "message") as? Label)?.text == "Hello from \(name)")
                // A finger down and up on the button's centre (screen points: the window covers the scene from 0, 0).
                let button = try #require(window.view(forReference: "tap-me"))
                let touch = try #require(application.touchDown(at: button.convert(button.bounds.center, to: nil)))
                clock.advance(by: 0.05)
                application.touchUp(touch)
                #expect(delegate.taps == 1)
                #expect((window.view(forReference: "message") as? Label)?.text == "Tapped 1 time")
            }

            @Test("The scene follows its size: the column fills the resized window inside its margins")
            func followsTheSize() throws {
                let application = Application(clock: ManualClock(now: 0))
                application.textMeasurer = FixedTextMeasurer()
                let delegate = \(name)SceneDelegate()
                let scene = try application.connectScene(
                    named: "test", delegate: delegate, screenFrame: Rect(x: 0, y: 0, width: 390, height: 844))
                try scene.resize(to: Size(width: 600, height: 500))
                application.layoutIfNeeded()
                let window = try #require(delegate.window)
                #expect(window.bounds.size == Size(width: 600, height: 500))
                let column = try #require(window.view(forReference: "message")?.superview)
                #expect(column.frame == Rect(x: 0, y: 0, width: 600, height: 500))
            }
        }

        /// Measures text as 9 points a character and 20 points a line, one line per text: the host
        /// measures with its renderer, which a unit test does without, so that labels and buttons get
        /// a size and the layout runs as in the host.
        @MainActor
        final class FixedTextMeasurer: TextMeasuring {
            func size(of text: String, style: TextStyle, width: Double?) -> Size {
                text.isEmpty ? .zero : Size(width: Double(text.count) * 9, height: 20)
            }
        }

        """
    }

    var readme: String {
        """
        # \(name)

        A SceneHost view-tree plugin: one window with a label and a button that counts taps. Made by
        `scenectl new-plugin \(name)`; it builds against the installed SceneHost SDK only (no SceneCore
        sources), as `lib\(name).so`.

        The plugin declares itself in `Sources/\(name)/ScenePlugin.toml`: its name, version, description
        and the `SceneDelegate` that builds each scene. Before each build the SDK's `PluginEntryPoints`
        build-tool plugin makes the plugin's two entry points from it; a bad declaration fails the build
        with its file, line and value.

        ## Build, test, validate

        ```sh
        export PKG_CONFIG_PATH=$HOME/.local/lib/pkgconfig   # where scripts/install put scenecore.pc (PREFIX/lib/pkgconfig)
        swift build -c release                             # .build/release/lib\(name).so
        swift test                                         # the scene, tapped on a manual clock
        scene-host validate-plugin .build/release/lib\(name).so
        ```

        `scene-host validate-plugin` loads the plugin in a child process as the host would, checks its
        metadata, connects its scene, taps each control it finds, and prints a report (with a
        symbolicated backtrace, the plugin's file and line, if it crashes); its exit status is 0 only
        when everything passed, so it fits a CI step.

        ## Install and load

        ```sh
        mkdir -p ~/.local/share/scenehost/plugins
        install -m 644 .build/release/lib\(name).so ~/.local/share/scenehost/plugins/
        scenectl load \(name)                  # a new scene "\(sceneName)" in the running host
        scenectl tap-view tap-me --window \(sceneName)       # tap the button; `scenectl watch` shows the Log line
        scenectl plugins                       # every plugin the host finds, with its status
        ```

        To have the host connect it at start, add it to `~/.config/scenehost/scene-host.yaml`
        (`$XDG_CONFIG_HOME/scenehost/scene-host.yaml`, read by the installed host):

        ```yaml
        scenes:
          - name: \(sceneName)
            plugin: \(name)
        ```

        The host looks for `lib<Name>.so` in the configured folders, then `$SCENEHOST_PLUGIN_PATH`,
        then `$XDG_DATA_HOME/scenehost/plugins` (`~/.local/share/scenehost/plugins`), then its own
        folder. The file and its folders must not be writable by other users.

        ## What it needs at run time

        - A `scene-host` whose SceneCore is at least the SDK version it was built against (the host
          refuses an older core, saying so) and whose plugin ABI is the same (`pkg-config --variable=abi_version scenecore`).
        - The same Swift compiler as the host (`pkg-config --variable=swift_compiler scenecore`):
          Swift has no stable ABI on Linux.
        - The same build configuration: a release host loads release plugins (`swift build -c release`).
        - Nothing else: `libSceneCore.so` is the host's own copy, already loaded.

        """
    }
}
