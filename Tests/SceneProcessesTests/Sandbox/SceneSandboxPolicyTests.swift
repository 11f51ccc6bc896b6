import SceneProcesses
import Testing

@Suite("What a sandboxed scene process may read of the fonts")
struct SceneSandboxPolicyTests {
    static let testFonts = """
        <fontconfig>
          <dir prefix="relative">dejavu</dir>
          <dir>/opt/fonts</dir>
          <dir>~/my-fonts</dir>
          <dir>relative-to-cwd</dir>
          <cachedir prefix="xdg">scenehost-test-fonts</cachedir>
          <directory>not a dir element</directory>
        </fontconfig>
        """

    @Test("FONTCONFIG_FILE's file and the folders its dir and cachedir elements name, as fontconfig resolves them, then FONTCONFIG_PATH and the user's fonts, configuration and cache")
    func fontconfigNamedByTheEnvironment() {
        var asked: [String] = []
        let paths = SceneSandboxPolicy.fontPaths(
            environment: [
                "FONTCONFIG_FILE": "/work/Tests/Fonts/fonts.conf", "FONTCONFIG_PATH": "/opt/conf:relative/conf::/etc/fonts",
                "HOME": "/home/ada", "XDG_CACHE_HOME": "/var/tmp/cache",
            ],
            readFile: { path in
                asked.append(path)
                return Self.testFonts
            })
        #expect(asked == ["/work/Tests/Fonts/fonts.conf"])
        #expect(paths == [
            "/work/Tests/Fonts/fonts.conf", "/work/Tests/Fonts/dejavu", "/opt/fonts", "/home/ada/my-fonts", "/var/tmp/cache/scenehost-test-fonts",
            "/opt/conf", "/etc/fonts",
            "/home/ada/.local/share/fonts", "/home/ada/.config/fontconfig", "/var/tmp/cache/fontconfig", "/home/ada/.fonts",
        ])
        #expect(!paths.contains("/work/Tests/Fonts"), "the configuration's folder itself stays closed")
    }

    @Test("Without those variables only the user's folders under HOME are added; relative values, an unreadable file and no HOME add nothing more")
    func nothingNamedAddsOnlyHome() {
        #expect(SceneSandboxPolicy.fontPaths(environment: ["HOME": "/root"], readFile: { _ in nil }) == [
            "/root/.local/share/fonts", "/root/.config/fontconfig", "/root/.cache/fontconfig", "/root/.fonts",
        ])
        #expect(SceneSandboxPolicy.fontPaths(environment: ["FONTCONFIG_FILE": "fonts.conf", "HOME": "home"], readFile: { _ in Self.testFonts }).isEmpty)
        #expect(SceneSandboxPolicy.fontPaths(environment: ["FONTCONFIG_FILE": "/home/ada/fonts.conf"], readFile: { _ in nil }) == ["/home/ada/fonts.conf"])
    }

    @Test("A scene's policy reads the fonts its environment names and writes only its data folder")
    func scenePolicyTakesTheFonts() {
        let policy = SceneSandboxPolicy.scene(
            pluginFolder: "/plugins", executableFolder: "/bin", dataFolder: "/data/scene",
            environment: ["FONTCONFIG_FILE": "/work/Tests/Fonts/fonts.conf"], processID: 42, readFile: { _ in Self.testFonts })
        #expect(policy.readable.contains("/work/Tests/Fonts/dejavu"))
        #expect(policy.readable.contains("/proc/42"))
        #expect(!policy.readable.contains("/proc"))
        #expect(policy.writable == ["/data/scene"])
    }
}
