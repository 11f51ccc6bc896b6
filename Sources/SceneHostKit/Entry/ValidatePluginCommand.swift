import ArgumentParser
import Foundation
import ScenePlugins

/// `scene-host validate-plugin PATH`: see ``PluginValidator``.
struct ValidatePluginCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate-plugin",
        abstract: "Check a plugin library as the host would load it, and report.",
        discussion: """
            Loads the plugin in a child process exactly as the host would (with missing symbols \
            demangled when dlopen refuses it), checks its metadata (name, version, description, \
            plugin ABI, build configuration, minimum SceneCore version), connects its scene on a \
            manual clock, taps the centre of each control it shows (the touch must reach the \
            control; actions and log lines are reported), and disconnects the scene. A crash is \
            reported with a symbolicated backtrace, the plugin's own frames (file and line) first.

            Exit status: 0 every check passed (warnings allowed), 1 a check failed, 64 bad arguments.

            Example:
              scene-host validate-plugin .build/release/libClock.so
            """)

    @Argument(help: ArgumentHelp("The plugin library (lib<Name>.so).", valueName: "path"))
    var path: String

    @Option(help: "Seconds the plugin may take before it is killed as hanging.")
    var timeout: Double = 30

    @Flag(help: "Print the report as JSON.")
    var json = false

    func validate() throws {
        guard !path.isEmpty else { throw ValidationError("the plugin path '' is empty") }
        guard timeout.isFinite, timeout > 0 else { throw ValidationError("--timeout '\(timeout)' must be a positive number of seconds") }
    }

    func run() throws {
        let outcome = PluginValidator.validate(path: path, executable: SceneHostCommand.executablePath, timeout: timeout)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            print(String(decoding: (try? encoder.encode(outcome)) ?? Data(), as: UTF8.self))
        } else {
            print(PluginValidator.render(outcome), terminator: "")
        }
        if !outcome.passed { throw ExitCode(1) }
    }
}
