public import ArgumentParser
import Foundation
import Glibc
import Logging
import SceneBusServing
import SceneCore
import SceneDisplay
import ScenePlugins
import SceneProcesses
import SceneRender
import SceneLoop
import SceneWebDriver

/// `scene-host`: hosts plugin scenes with the UIKit event model.
public struct SceneHostCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "scene-host",
        abstract: "Host plugin scenes with the UIKit event model.",
        discussion: """
            Without --config the host reads the user configuration, $XDG_CONFIG_HOME/scenehost/scene-host.yaml \
            (~/.config/scenehost/scene-host.yaml), when it exists, and otherwise the embedded default, \
            which runs the four demo scenes (findview, gesturelab, gallery, settings). SIGTERM or SIGINT cancel live touches, disconnect the scenes, deliver the last \
            signals and exit 0.
            Exit status: 0 normal, 1 the bus cannot be used (another scene-host owns the name: use \
            --replace), 2 a probe refused its plugin, 64 bad arguments, 65 a replay with --verify \
            differs from its recording, 78 a configuration error.

            `scene-host validate-plugin PATH` checks a plugin as the host would load it (see its --help).
            """,
        version: HostVersion.description,
        subcommands: [ValidatePluginCommand.self])

    @Option(help: "Configuration file (YAML). Default: $XDG_CONFIG_HOME/scenehost/scene-host.yaml when it exists, else the embedded demo configuration.")
    var config: String?

    @Option(help: "Run input commands from FILE ('-' for standard input); see docs/host.md, 'Input scripts'.")
    var input: String?

    @Option(help: "Comma-separated diagnostics topics to log in depth (hit-testing, responder-chain, gestures, plugins, bus); overrides the configuration.")
    var diagnostics: String?

    @Option(name: .customLong("log-level"), help: "Minimum log level (trace, debug, info, notice, warning, error, critical); overrides the configuration.")
    var logLevel: String?

    @Option(help: "D-Bus to use: auto, session, system, private or an address (unix:path=…); overrides the configuration.")
    var bus: String?

    @Option(name: .customLong("probe-timeout"), help: "Seconds a plugin probe may take before the plugin is refused as hanging; overrides the configuration (plugins.probe-timeout).")
    var probeTimeout: Double?

    @Option(name: .customLong("input-policy"), help: "Who may drive the host over D-Bus: open (default) or read-only (every method that injects input or changes state is refused with AccessDenied; trees, properties and signals stay readable); overrides the configuration (input).")
    var inputPolicy: String?

    @Flag(help: "With --input: replay headless, compare the signals the replay emits with the ones the recording kept (scenectl record's '#> ' lines), report the first difference and exit (0: the same, 65: different).")
    var verify = false

    @Option(help: "Run each configured scene in a process of its own (process) or every plugin inside the host (none); overrides the configuration (isolation.mode).")
    var isolation: String?

    @Option(help: "Show the scenes in desktop windows: auto (when WAYLAND_DISPLAY or DISPLAY is set), on (no display is an error, exit 78) or off; overrides the configuration (display).")
    var display: String?

    @Option(help: "Where time comes from: real (default) or virtual (moves only through Host1.AdvanceClock and scripted input's delays); overrides the configuration (clock).")
    var clock: String?

    @Option(help: "Serve W3C WebDriver (Appium and Selenium clients) at [ADDRESS:]PORT: loopback 127.0.0.1 unless an address is given; port 0 lets the system choose (the log says which); overrides the configuration (webdriver). See docs/webdriver.md.")
    var webdriver: String?

    @Flag(name: .customLong("allow-insecure-plugins"), help: "Load plugin files that another user could replace (owned by someone other than root or this user, or writable by group or others, or in such a folder); refused by default (plugins.allow-insecure).")
    var allowInsecurePlugins = false

    @Flag(help: "Take over from a scene-host that is already running (it shuts down).")
    var replace = false

    @Flag(name: .customLong("check-config"), help: "Validate the configuration and exit.")
    var checkConfig = false

    @Option(name: .customLong("probe"), help: .hidden)
    var probePath: String?

    @Option(name: .customLong("probe-scene"), help: .hidden)
    var probeScene = "probe"

    @Option(name: .customLong("probe-option"), help: .hidden)
    var probeOptions: [String] = []

    @Flag(name: .customLong("probe-validate"), help: .hidden)
    var probeValidate = false

    /// A scene process (docs/scene-processes.md): the plugin to run, its channel on descriptor 3.
    @Option(name: .customLong("scene-process"), help: .hidden)
    var sceneProcessPlugin: String?

    @Option(name: .customLong("scene-name"), help: .hidden)
    var sceneProcessName = "scene"

    @Option(name: .customLong("scene-option"), help: .hidden)
    var sceneProcessOptions: [String] = []

    /// The scene's screen frame, `x,y,width,height` in points.
    @Option(name: .customLong("scene-frame"), help: .hidden)
    var sceneProcessFrame = "0,0,390,844"

    @Option(name: .customLong("scene-scale"), help: .hidden)
    var sceneProcessScale = 1.0

    /// `on`: Landlock and seccomp before the plugin loads (docs/scene-processes.md, "Least privilege").
    @Option(name: .customLong("scene-sandbox"), help: .hidden)
    var sceneProcessSandbox = "off"

    /// `on` (the default): the window list says whether the scene listens for hover, which only a
    /// board with desktop windows reads; `off` spares the walk over every view that takes, each turn.
    @Option(name: .customLong("scene-hover"), help: .hidden)
    var sceneProcessHover = "on"

    /// `real`, or `virtual:SECONDS`: the board's virtual clock and its time now.
    @Option(name: .customLong("scene-clock"), help: .hidden)
    var sceneProcessClock = "real"

    /// The diagnostics topics the board logs (`hit-testing,gestures`): the scene process writes their
    /// messages for the board to log under the topic.
    @Option(name: .customLong("scene-diagnostics"), help: .hidden)
    var sceneProcessDiagnostics = ""

    /// The scene's own data folder: the one place a sandboxed scene process may write.
    @Option(name: .customLong("scene-data"), help: .hidden)
    var sceneProcessData: String?

    public init() {}

    /// Parses `CommandLine.arguments` and runs the host (or prints usage and exits with its status).
    public static func runFromCommandLine() {
        main()
    }

    public func run() throws {
        if probePath != nil {
            ParentWatch.dieWithParent()
            // The process is up and its libraries loaded: the parent's time limit starts now.
            ChildProcess.announceRunning()
        }
        if let sceneProcessPlugin {
            let numbers = sceneProcessFrame.split(separator: ",").compactMap { Double($0) }
            guard numbers.count == 4, numbers.allSatisfy(\.isFinite), numbers[2] > 0, numbers[3] > 0 else {
                throw ValidationError("--scene-frame '\(sceneProcessFrame)' is not x,y,width,height with a positive size")
            }
            guard sceneProcessScale.isFinite, sceneProcessScale > 0 else {
                throw ValidationError("--scene-scale '\(sceneProcessScale)' must be a positive number")
            }
            var virtualClockStart: Double?
            if sceneProcessClock != "real" {
                guard sceneProcessClock.hasPrefix("virtual:"), let start = Double(sceneProcessClock.dropFirst(8)), start.isFinite, start >= 0 else {
                    throw ValidationError("--scene-clock '\(sceneProcessClock)' is not real or virtual:SECONDS")
                }
                virtualClockStart = start
            }
            guard ["on", "off"].contains(sceneProcessHover) else {
                throw ValidationError("--scene-hover '\(sceneProcessHover)' is not on or off")
            }
            guard ["on", "off"].contains(sceneProcessSandbox) else {
                throw ValidationError("--scene-sandbox '\(sceneProcessSandbox)' is not on or off")
            }
            if let sceneProcessData {
                try? FileManager.default.createDirectory(atPath: sceneProcessData, withIntermediateDirectories: true)
            }
            if sceneProcessSandbox == "on" {
                // First, before any thread or any of the plugin's code exists.
                try SceneProcessRuntime.sandbox(plugin: sceneProcessPlugin, scene: sceneProcessName, dataFolder: sceneProcessData, executable: Self.executablePath)
            }
            // Then the board's end ends this process (a thread, confined by the sandbox above).
            try Self.endWithBoard()
            let arguments = SceneProcessRuntime.Arguments(
                pluginPath: sceneProcessPlugin, sceneName: sceneProcessName, options: Self.parseOptions(sceneProcessOptions),
                screenFrame: Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]), scale: sceneProcessScale,
                virtualClockStart: virtualClockStart, diagnostics: try Self.parseTopics(sceneProcessDiagnostics),
                reportsHover: sceneProcessHover == "on")
            let status = MainActor.assumeIsolated { SceneProcessRuntime.run(arguments) }
            if status != 0 { throw ExitCode(status) }
            return
        }
        if let probePath, probeValidate {
            let status = MainActor.assumeIsolated { PluginValidation.runChild(path: probePath, textMeasurer: TextMeasurer()) }
            if status != 0 { throw ExitCode(status) }
            return
        }
        if let probePath {
            let status = runProbe(path: probePath)
            if status != 0 { throw ExitCode(status) }
            return
        }
        var configuration = try loadConfiguration()
        if let diagnostics {
            configuration.diagnostics = try Self.parseTopics(diagnostics)
        }
        if let logLevel {
            guard let level = LogLevelName(rawValue: logLevel) else {
                throw ValidationError("--log-level '\(logLevel)' is not one of: \(LogLevelName.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            configuration.logLevel = level
        }
        if let bus {
            guard let mode = BusMode(text: bus) else {
                throw ValidationError("--bus '\(bus)' is not a bus mode: use auto, session, system, private or a D-Bus address (unix:path=…)")
            }
            configuration.bus.mode = mode
        }
        if let inputPolicy {
            guard let mode = InputPolicyMode(rawValue: inputPolicy) else {
                throw ValidationError("--input-policy '\(inputPolicy)' is not an input policy: use open or read-only")
            }
            configuration.input.mode = mode
        }
        if let isolation {
            guard let mode = IsolationConfiguration.Mode(rawValue: isolation) else {
                throw ValidationError("--isolation '\(isolation)' is not an isolation mode: use none or process")
            }
            configuration.isolation.mode = mode
        }
        if let display {
            guard let mode = DisplayMode(rawValue: display) else {
                throw ValidationError("--display '\(display)' is not a display mode: use auto, on or off")
            }
            configuration.display.mode = mode
            configuration.display.modeSource = "--display"
        }
        if configuration.display.mode == .on, !DisplayEnvironment.hasDesktop(ProcessInfo.processInfo.environment) {
            let source = configuration.display.modeSource
            let place = source == "--display" ? "--display on" : "\(source.isEmpty ? "<embedded default>" : source): display: on"
            FileHandle.standardError.write(Data(
                "scene-host: \(place): no display to show the scenes on: neither WAYLAND_DISPLAY nor DISPLAY is set; run on a desktop (or under Xvfb), or use display: auto or off\n".utf8))
            throw ExitCode(78)
        }
        if let clock {
            guard let mode = ClockMode(rawValue: clock) else {
                throw ValidationError("--clock '\(clock)' is not a clock: use real or virtual")
            }
            configuration.clock = mode
        }
        if let probeTimeout {
            guard probeTimeout.isFinite, probeTimeout > 0 else {
                throw ValidationError("--probe-timeout '\(probeTimeout)' must be a positive number of seconds")
            }
            configuration.probeTimeout = probeTimeout
        }
        if allowInsecurePlugins { configuration.allowInsecurePlugins = true }
        if let webdriver {
            do throws(WebDriverAddress.AddressError) {
                configuration.webDriver = try WebDriverAddress(parsing: webdriver)
            } catch {
                throw ValidationError("--webdriver: \(error.description)")
            }
        }
        let script = try input.map { path throws -> InputScript in try Self.loadScript(path) }
        if verify, script == nil {
            throw ValidationError("--verify compares a replay with its recording: give the recording with --input FILE")
        }
        if verify {
            // Headless: a desktop's own focus changes would mix with the recorded ones.
            configuration.display.mode = .off
        }
        if checkConfig {
            print("\(configuration.sourcePath.isEmpty ? "<embedded default>" : configuration.sourcePath): OK, \(configuration.scenes.count) scenes")
            return
        }
        // The board runs no plugin: its tasks are all the main actor's, and none may wake a worker
        // pool once a second when idle (MainThreadTasks). In the host with `isolation: none` a plugin's
        // `Task.detached` keeps the runtime's pool.
        if configuration.isolation.mode == .process { MainThreadTasks.install() }
        let topics = Set(DiagnosticTopics.names.filter { configuration.diagnostics.contains($0.1) }.map(\.0))
        let level = Logger.Level(rawValue: configuration.logLevel.rawValue) ?? .info
        LoggingSystem.bootstrap { label in HostLogHandler(label: label, level: level, topics: topics) }
        let logger = Logger(label: "scene-host")
        let replace = self.replace
        let verify = self.verify
        // Graceful shutdown returns here (HostSession.run); only a failure exits with its status.
        let status = MainActor.assumeIsolated { () -> Int32 in
            guard let loop = MainLoop.make(speaker: "scene-host") else { return 1 }
            return HostSession(configuration: configuration, logger: logger, executable: Self.executablePath, replace: replace, loop: loop)
                .run(script: script, verify: verify)
        }
        if status != 0 { throw ExitCode(status) }
    }

    private func loadConfiguration() throws -> HostConfiguration {
        let path = config ?? HostConfiguration.userConfigurationPath(environment: ProcessInfo.processInfo.environment)
        guard let path else { return HostConfiguration.embeddedDefault }
        do {
            return try HostConfiguration.load(path: path)
        } catch {
            FileHandle.standardError.write(Data("scene-host: \(error.description)\n".utf8))
            throw ExitCode(78)
        }
    }

    private static func loadScript(_ path: String) throws -> InputScript {
        let data: Data?
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            data = FileManager.default.contents(atPath: path)
        }
        guard let data, let text = String(data: data, encoding: .utf8) else {
            throw ValidationError("--input \(path): cannot read the file")
        }
        do {
            return try InputScript(text: text, file: path == "-" ? "<stdin>" : path)
        } catch {
            FileHandle.standardError.write(Data("scene-host: \(error.description)\n".utf8))
            throw ExitCode(78)
        }
    }

    static func parseTopics(_ text: String) throws -> DiagnosticTopics {
        var topics: DiagnosticTopics = []
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            guard let topic = DiagnosticTopics(name: name) else {
                throw ValidationError(
                    "--diagnostics: unknown topic '\(name)' (expected: \(DiagnosticTopics.names.map(\.0).joined(separator: ", ")))")
            }
            topics.insert(topic)
        }
        return topics
    }

    /// A scene process ends with the board that started it (its pid in ``ParentWatch/environmentKey``):
    /// through ``ParentExitWatch``, or, where the kernel refuses it a pidfd or a thread, the parent
    /// death signal. Started by hand, without the variable, only the death signal.
    private static func endWithBoard() throws {
        guard let text = ProcessInfo.processInfo.environment[ParentWatch.environmentKey], let board = pid_t(text) else {
            return ParentWatch.dieWithParent()
        }
        switch ParentExitWatch.start(parent: board) {
        case .watching:
            return
        case .parentGone:
            throw ExitCode(1)
        case .unavailable:
            ParentWatch.dieWithParent()
        }
    }

    /// `key=value` options (a bare `key` is an empty value).
    private static func parseOptions(_ given: [String]) -> [String: String] {
        var options: [String: String] = [:]
        for option in given {
            let parts = option.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            options[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        return options
    }

    private func runProbe(path: String) -> Int32 {
        let options = Self.parseOptions(probeOptions)
        let sceneName = probeScene
        let (report, status) = MainActor.assumeIsolated {
            PluginProbe.runChild(path: path, sceneName: sceneName, options: options)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = (try? encoder.encode(report)).map { String(decoding: $0, as: UTF8.self) } ?? "{\"ok\":false}"
        print(json)
        fflush(nil)
        return status
    }

    /// The running binary (`/proc/self/exe`).
    static var executablePath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
