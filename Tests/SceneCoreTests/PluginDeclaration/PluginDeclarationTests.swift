import ScenePluginDeclaration
import Testing

@Suite("A plugin's declaration (ScenePlugin.toml): parsed, checked, and made into its entry points")
struct PluginDeclarationTests {
    @Test("A declaration gives the name, version, description, delegate and minimum core, with the line of each")
    func parses() throws {
        let text = """
            # Clock declares itself.
            name = "Clock"
            version = "0.1.0-beta.2"   # a pre-release

            description = 'A "clock": a label and a button'
            delegate = "Clock.SceneDelegate"
            minimum-core = "1.2.3"
            """
        let declaration = try PluginDeclaration(parsing: text, file: "ScenePlugin.toml")
        #expect(declaration.name == "Clock")
        #expect(declaration.version == "0.1.0-beta.2")
        #expect(declaration.description == #"A "clock": a label and a button"#)
        #expect(declaration.delegate == "Clock.SceneDelegate")
        #expect(declaration.minimumCore == PluginDeclaration.CoreRequirement(major: 1, minor: 2, patch: 3))
        #expect(declaration.lines == [.name: 2, .version: 3, .description: 5, .delegate: 6, .minimumCore: 7])
    }

    @Test("Escapes in double-quoted strings and Windows line ends are read; the description and minimum core are optional")
    func escapesAndOptionalKeys() throws {
        let text = "name = \"Clock\"\r\nversion = \"1.0.0\"\r\ndescription = \"say \\\"hi\\\" \\\\ tab\\there\"\r\ndelegate = \"ClockDelegate\"\r\n"
        let declaration = try PluginDeclaration(parsing: text, file: "ScenePlugin.toml")
        #expect(declaration.description == "say \"hi\" \\ tab\there")
        #expect(declaration.delegate == "ClockDelegate")
        #expect(declaration.minimumCore == nil)
        let bare = try PluginDeclaration(parsing: "name = \"A\"\nversion = \"1.0.0\"\ndelegate = \"D\"\n", file: "ScenePlugin.toml")
        #expect(bare.description == nil)
    }

    /// A malformed declaration, the error it must give, and what the message must quote.
    struct Malformed: Sendable, CustomTestStringConvertible {
        let change: String
        let line: String
        let code: PluginDeclarationError.Code
        let lineNumber: Int
        let quoted: String
        var testDescription: String { "\(change): \(line)" }
    }

    static let valid = ["name = \"Clock\"", "version = \"0.1.0\"", "description = \"Counts taps\"", "delegate = \"ClockSceneDelegate\""]

    static let malformed: [Malformed] = [
        Malformed(change: "version", line: #"version = "1.0""#, code: .invalidValue, lineNumber: 2, quoted: #"version "1.0" is not a version"#),
        Malformed(change: "version", line: #"version = "1.0.x""#, code: .invalidValue, lineNumber: 2, quoted: #""1.0.x""#),
        Malformed(change: "version", line: "version = 1.0.0", code: .syntax, lineNumber: 2, quoted: "1.0.0, is not a string"),
        Malformed(change: "name", line: #"name = "9Lives""#, code: .invalidValue, lineNumber: 1, quoted: #"name "9Lives" is not a plugin name"#),
        Malformed(change: "name", line: #"name = "Clock"#, code: .syntax, lineNumber: 1, quoted: "no closing"),
        Malformed(change: "delegate", line: #"delegate = "Clock Delegate""#, code: .invalidValue, lineNumber: 4, quoted: #"delegate "Clock Delegate" is not a Swift type name"#),
        Malformed(change: "delegate", line: #"delegat = "ClockSceneDelegate""#, code: .unknownKey, lineNumber: 4, quoted: "unknown key 'delegat'"),
        Malformed(change: "description", line: #"description = "one\ntwo""#, code: .invalidValue, lineNumber: 3, quoted: #"description "one\ntwo" has a line break"#),
        Malformed(change: "description", line: #"description = "tab \q""#, code: .syntax, lineNumber: 3, quoted: #"the escape \q"#),
        Malformed(change: "description", line: #"description = "x" y = "z""#, code: .syntax, lineNumber: 3, quoted: #""y = \"z\"" follows the value"#),
        Malformed(change: "description", line: "[plugin]", code: .syntax, lineNumber: 3, quoted: #""[plugin]" is a TOML table"#),
        Malformed(change: "description", line: #"description "x""#, code: .syntax, lineNumber: 3, quoted: "has no '=' after 'description'"),
        Malformed(change: "description", line: #"minimum-core = "1.300.0""#, code: .invalidValue, lineNumber: 3, quoted: #"minimum-core "1.300.0" is not a SceneCore version"#),
        Malformed(change: "description", line: #"name = "Other""#, code: .duplicateKey, lineNumber: 3, quoted: "'name' is given twice (first on line 1)"),
        Malformed(change: "delegate", line: "# no delegate", code: .missingKey, lineNumber: 1, quoted: "no 'delegate'"),
    ]

    @Test("A malformed declaration is refused naming the file, the line and the bad value, as a compiler error reads", arguments: malformed)
    func malformedIsRefused(_ case: Malformed) {
        let lines = Self.valid.map { $0.hasPrefix(`case`.change + " ") ? `case`.line : $0 }
        do {
            let declaration = try PluginDeclaration(parsing: lines.joined(separator: "\n") + "\n", file: "Sources/Clock/ScenePlugin.toml")
            Issue.record("accepted: \(declaration)")
        } catch {
            #expect(error.code == `case`.code, "\(error)")
            #expect(error.line == `case`.lineNumber, "\(error)")
            #expect(error.message.contains(`case`.quoted), "\(error.message)")
            #expect("\(error)".hasPrefix("Sources/Clock/ScenePlugin.toml:\(`case`.lineNumber): error: "), "\(error)")
        }
    }

    @Test("The entry points fill the query info from the declaration and make the declared delegate, compiled at its line")
    func entryPoints() throws {
        let declaration = try PluginDeclaration(
            parsing: "name = \"Clock\"\nversion = \"0.1.0\"\ndescription = \"say \\\"hi\\\"\"\n\ndelegate = \"ClockSceneDelegate\"\nminimum-core = \"1.2.0\"\n",
            file: "ScenePlugin.toml")
        let source = declaration.entryPointsSource(declarationPath: "/src/Clock/ScenePlugin.toml")
        #expect(source.contains("@c(scene_plugin_query)\npublic func scenePluginQuery(_ info: UnsafeMutablePointer<ScenePluginInfo>?) -> Int32 {"))
        #expect(source.contains(
            #"ScenePluginInfo.describe(into: info, name: "Clock", version: "0.1.0", description: "say \"hi\"", minimumCoreVersion: CoreVersion(major: 1, minor: 2, patch: 0), debugBuild: isDebugBuild)"#))
        #expect(source.contains("#if DEBUG\nprivate let isDebugBuild = true\n#else\nprivate let isDebugBuild = false\n#endif"))
        #expect(source.contains("@c(scene_plugin_create)\npublic func scenePluginCreate() -> UnsafeMutableRawPointer? {"))
        #expect(source.contains(
            "PluginDescriptor(name: \"Clock\", version: \"0.1.0\") {\n#sourceLocation(file: \"/src/Clock/ScenePlugin.toml\", line: 5)\nClockSceneDelegate()\n#sourceLocation()\n    }.retainedOpaquePointer()"))
    }

    @Test("Without a description or minimum core the query passes neither: the SDK's core version is the minimum")
    func entryPointsWithoutOptionalKeys() throws {
        let declaration = try PluginDeclaration(parsing: "name = \"A\"\nversion = \"1.0.0\"\ndelegate = \"D\"\n", file: "ScenePlugin.toml")
        let source = declaration.entryPointsSource(declarationPath: "ScenePlugin.toml")
        #expect(source.contains(#"ScenePluginInfo.describe(into: info, name: "A", version: "1.0.0", debugBuild: isDebugBuild)"#))
    }
}
