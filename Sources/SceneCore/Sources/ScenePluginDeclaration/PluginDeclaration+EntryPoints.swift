extension PluginDeclaration {
    /// The Swift source of the plugin's two entry points, as the SDK's build-tool plugin compiles it
    /// into the plugin target:
    ///
    /// - `scene_plugin_query` fills the `ScenePluginInfo` (`ScenePluginInfo.describe`) with the name,
    ///   version, description and minimum core of the declaration and the build configuration the
    ///   file is compiled in (`DEBUG`), and touches nothing but C types;
    /// - `scene_plugin_create` returns a +1 retained `PluginDescriptor` whose factory makes a
    ///   ``delegate`` with `init()` for each scene.
    ///
    /// The delegate's name is compiled at the declaration's line (`#sourceLocation`), so a type that
    /// does not exist, is not a `SceneDelegate` or has no `init()` is reported at `declarationPath`.
    public func entryPointsSource(declarationPath: String) -> String {
        let name = swiftLiteral(name)
        let version = swiftLiteral(version)
        var arguments = "into: info, name: \(name), version: \(version)"
        if let description { arguments += ", description: \(swiftLiteral(description))" }
        if let minimumCore {
            arguments += ", minimumCoreVersion: CoreVersion(major: \(minimumCore.major), minor: \(minimumCore.minor), patch: \(minimumCore.patch))"
        }
        arguments += ", debugBuild: isDebugBuild"
        return """
            // Generated from \(Self.fileName) by the SceneCore SDK's PluginEntryPoints build-tool plugin.
            // Do not edit: change the declaration.
            public import SceneCore

            #if DEBUG
            private let isDebugBuild = true
            #else
            private let isDebugBuild = false
            #endif

            /// The plugin's query entry: who it is and which ABI it was built against. Touches C types only.
            @c(scene_plugin_query)
            public func scenePluginQuery(_ info: UnsafeMutablePointer<ScenePluginInfo>?) -> Int32 {
                ScenePluginInfo.describe(\(arguments))
            }

            /// The plugin's create entry: a +1 retained descriptor whose factory builds each scene's delegate.
            @c(scene_plugin_create)
            public func scenePluginCreate() -> UnsafeMutableRawPointer? {
                PluginDescriptor(name: \(name), version: \(version)) {
            #sourceLocation(file: \(swiftLiteral(declarationPath)), line: \(lines[.delegate] ?? 1))
            \(delegate)()
            #sourceLocation()
                }.retainedOpaquePointer()
            }

            """
    }
}

/// `text` as a Swift string literal: what the entry points hand to C as a `StaticString`, and how
/// error messages quote a value (control characters escaped, so a message stays one line).
func swiftLiteral(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\t": result += "\\t"
        case "\r": result += "\\r"
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result + "\""
}
