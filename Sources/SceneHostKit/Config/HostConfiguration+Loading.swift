import Foundation
import SceneAccessibility
import SceneBusServing
import SceneCore
import SceneDisplay
import SceneMedia
import SceneWebDriver
import Yams

extension HostConfiguration {
    /// Reads and validates a configuration file.
    ///
    /// - Throws: ``ConfigurationError`` naming the file, line and key of the first problem: unreadable
    ///   file, YAML syntax, unknown or duplicate keys, wrong types, out-of-range values, duplicate or
    ///   invalid scene names.
    public static func load(path: String) throws(ConfigurationError) -> HostConfiguration {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError(file: path, line: 0, key: "", message: "cannot read the file (missing or unreadable)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigurationError(file: path, line: 0, key: "", message: "the file is not UTF-8 text")
        }
        var configuration = try parse(yaml: text, file: path)
        configuration.sourcePath = path
        return configuration
    }

    /// Parses configuration text; `file` is only used in error messages.
    public static func parse(yaml text: String, file: String) throws(ConfigurationError) -> HostConfiguration {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw ConfigurationError(file: file, line: error.line, key: "", message: "YAML syntax: \(error.problemText)")
        } catch {
            throw ConfigurationError(file: file, line: 0, key: "", message: "YAML syntax: \(error)")
        }
        var configuration = HostConfiguration()
        guard let root else { return configuration }
        let document = YAMLValue(node: root, file: file, path: "")
        let keys = [
            "plugins", "scenes", "bus", "clock", "accessibility", "mpris", "display", "input", "input-allowed-executables", "diagnostics",
            "log-level",
            "interaction", "webdriver", "isolation",
        ]
        for (key, value) in try document.mapping(allowed: keys) {
            switch key {
            case "plugins": try configuration.readPlugins(value)
            case "scenes": try configuration.readScenes(value)
            case "bus": try configuration.readBus(value)
            case "clock": configuration.clock = try value.choice(ClockMode.self)
            case "accessibility": configuration.accessibility = try value.choice(AccessibilityMode.self)
            case "mpris": configuration.mpris = try value.choice(MediaPlayerMode.self)
            case "display": try configuration.readDisplay(value)
            case "isolation": try configuration.readIsolation(value)
            case "input": configuration.input.mode = try value.choice(InputPolicyMode.self)
            case "input-allowed-executables": configuration.input.allowedExecutables = try readAllowedExecutables(value)
            case "diagnostics": configuration.diagnostics = try readDiagnostics(value)
            case "log-level": configuration.logLevel = try value.choice(LogLevelName.self)
            case "interaction": try configuration.readInteraction(value)
            case "webdriver":
                let text = try value.string()
                do throws(WebDriverAddress.AddressError) {
                    configuration.webDriver = try WebDriverAddress(parsing: text)
                } catch {
                    throw value.error(error.description)
                }
            default: break
            }
        }
        return configuration
    }

    private mutating func readPlugins(_ value: YAMLValue) throws(ConfigurationError) {
        for (key, item) in try value.mapping(allowed: ["folders", "probe-timeout", "allow-insecure"]) {
            switch key {
            case "folders":
                pluginFolders = []
                for folder in try item.list() {
                    let text = try folder.string()
                    guard !text.isEmpty else { throw folder.error("a plugin folder cannot be empty") }
                    pluginFolders.append(text)
                }
            case "probe-timeout":
                probeTimeout = try item.positiveDouble()
            case "allow-insecure":
                allowInsecurePlugins = try item.bool()
            default: break
            }
        }
    }

    private mutating func readScenes(_ value: YAMLValue) throws(ConfigurationError) {
        scenes = []
        for item in try value.list() {
            var name: String?
            var plugin: String?
            var scene = SceneConfiguration(name: "", plugin: "")
            var sizeLine: YAMLValue?
            for (key, field) in try item.mapping(allowed: ["name", "plugin", "options", "frame", "size", "size-restrictions", "active"]) {
                switch key {
                case "name":
                    let text = try field.string()
                    guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) else {
                        throw field.error("scene name '\(text)' is invalid: use letters, digits, '_' or '-'")
                    }
                    guard !scenes.contains(where: { $0.name == text }) else {
                        throw field.error("scene name '\(text)' is used twice; scene names must be unique")
                    }
                    name = text
                case "plugin":
                    let text = try field.string()
                    guard !text.isEmpty else { throw field.error("the plugin name cannot be empty") }
                    plugin = text
                case "options":
                    guard case .mapping = field.node else { throw field.error("expected a mapping of option names to strings") }
                    for (option, optionValue) in try field.mapping(allowed: HostConfiguration.anyKey(field)) {
                        scene.options[option] = try optionValue.string()
                    }
                case "frame":
                    let numbers = try field.list().map { (entry) throws(ConfigurationError) -> Double in try entry.double() }
                    guard numbers.count == 4, numbers[2] > 0, numbers[3] > 0 else {
                        throw field.error("expected [x, y, width, height] with a positive width and height")
                    }
                    try Self.checkSceneSides(width: numbers[2], height: numbers[3], in: field)
                    scene.frame = Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
                    sizeLine = sizeLine ?? field
                case "size":
                    let size = try Self.readSize(field, what: "[width, height] with a positive width and height")
                    try Self.checkSceneSides(width: size.width, height: size.height, in: field)
                    scene.size = size
                    sizeLine = field
                case "size-restrictions":
                    scene.sizeRestrictions = try Self.readSizeRestrictions(field)
                case "active":
                    scene.active = try field.bool()
                default: break
                }
            }
            guard let name else { throw item.error("a scene needs a 'name'") }
            guard let plugin else { throw item.error("scene '\(name)' needs a 'plugin'") }
            if scene.frame != nil, scene.size != nil, let sizeLine {
                throw sizeLine.error("scene '\(name)' has both 'frame' and 'size': give the size in the frame, or drop the frame")
            }
            if let restrictions = scene.sizeRestrictions {
                let size = scene.startingSize
                guard restrictions.contains(size) else {
                    throw (sizeLine ?? item).error(
                        "scene '\(name)' starts at \(size), outside its size-restrictions \(restrictions): give a size within them")
                }
            }
            scene.name = name
            scene.plugin = plugin
            scenes.append(scene)
        }
    }

    /// `[width, height]`, both finite and above 0.
    private static func readSize(_ value: YAMLValue, what: String) throws(ConfigurationError) -> Size {
        let numbers = try value.list().map { (entry) throws(ConfigurationError) -> Double in try entry.double() }
        guard numbers.count == 2, numbers[0] > 0, numbers[1] > 0 else { throw value.error("expected \(what)") }
        return Size(width: numbers[0], height: numbers[1])
    }

    /// A scene's starting sides are at most ``WindowScene/maximumDimension`` (the limit a resize
    /// is held to): a larger one names the side and the limit.
    private static func checkSceneSides(width: Double, height: Double, in field: YAMLValue) throws(ConfigurationError) {
        for (name, value) in [("width", width), ("height", height)] where !(value <= WindowScene.maximumDimension) {
            throw field.error(
                "the \(name) \(value.compactDescription) is larger than a scene can be: give at most \(WindowScene.maximumDimension.compactDescription) points")
        }
    }

    /// `{minimum: [w, h], maximum: [w, h]}`; either may be left out (0 × 0, unbounded).
    private static func readSizeRestrictions(_ value: YAMLValue) throws(ConfigurationError) -> SceneSizeRestrictions {
        var restrictions = SceneSizeRestrictions.none
        for (key, field) in try value.mapping(allowed: ["minimum", "maximum"]) {
            switch key {
            case "minimum":
                let numbers = try field.list().map { (entry) throws(ConfigurationError) -> Double in try entry.double() }
                guard numbers.count == 2, numbers[0] >= 0, numbers[1] >= 0 else {
                    throw field.error("expected [width, height], each 0 or more")
                }
                restrictions.minimumSize = Size(width: numbers[0], height: numbers[1])
            case "maximum":
                restrictions.maximumSize = try readSize(field, what: "[width, height] with a positive width and height")
            default: break
            }
        }
        let minimum = restrictions.minimumSize, maximum = restrictions.maximumSize
        guard minimum.width <= maximum.width, minimum.height <= maximum.height else {
            throw value.error("the minimum \(minimum) is larger than the maximum \(maximum): make the maximum at least the minimum")
        }
        return restrictions
    }

    private mutating func readBus(_ value: YAMLValue) throws(ConfigurationError) {
        for (key, item) in try value.mapping(allowed: ["mode", "limits"]) {
            switch key {
            case "mode":
                let text = try item.string()
                guard let mode = BusMode(text: text) else {
                    throw item.error("'\(text)' is not a bus mode: use auto, session, system, private or a D-Bus address (unix:path=…)")
                }
                bus.mode = mode
            case "limits":
                let limitKeys = ["simultaneous-touches", "samples-per-call", "script-seconds", "calls-per-second"]
                for (limit, field) in try item.mapping(allowed: limitKeys) {
                    switch limit {
                    case "simultaneous-touches": bus.limits.simultaneousTouches = try field.int(in: 1...64)
                    case "samples-per-call": bus.limits.samplesPerCall = try field.int(in: 1...1_000_000)
                    case "script-seconds": bus.limits.scriptSeconds = try field.positiveDouble()
                    case "calls-per-second": bus.limits.callsPerSecond = try field.positiveDouble()
                    default: break
                    }
                }
            default: break
            }
        }
    }

    /// `display: MODE`, or a mapping with `mode`, `two-finger-modifier`, `finger-dots` and `input-wait`.
    private mutating func readDisplay(_ value: YAMLValue) throws(ConfigurationError) {
        func mode(_ item: YAMLValue) throws(ConfigurationError) {
            display.mode = try item.choice(DisplayMode.self)
            display.modeSource = "\(item.file):\(item.line)"
        }
        guard case .mapping = value.node else { return try mode(value) }
        for (key, item) in try value.mapping(allowed: ["mode", "two-finger-modifier", "finger-dots", "input-wait"]) {
            switch key {
            case "mode": try mode(item)
            case "two-finger-modifier": display.twoFingerModifier = try item.choice(PointerModifier.self)
            case "finger-dots": display.fingerDots = try item.bool()
            case "input-wait":
                display.inputWait = try item.seconds(
                    in: 0...10, meaning: "the seconds the display waits for the host after an input (0 turns the waits off)")
            default: break
            }
        }
    }

    /// `isolation: MODE`, or a mapping with `mode`, `sandbox`, `response-timeout` and `start-timeout`.
    private mutating func readIsolation(_ value: YAMLValue) throws(ConfigurationError) {
        guard case .mapping = value.node else {
            isolation.mode = try value.choice(IsolationConfiguration.Mode.self)
            return
        }
        func seconds(_ item: YAMLValue) throws(ConfigurationError) -> Double {
            let seconds = try item.positiveDouble()
            guard seconds <= 600 else { throw item.error("\(seconds) seconds is over the most, 600: give at most 600") }
            return seconds
        }
        for (key, item) in try value.mapping(allowed: ["mode", "sandbox", "response-timeout", "start-timeout"]) {
            switch key {
            case "mode": isolation.mode = try item.choice(IsolationConfiguration.Mode.self)
            case "sandbox": isolation.sandbox = try item.choice(IsolationConfiguration.SandboxMode.self)
            case "response-timeout": isolation.responseTimeout = try seconds(item)
            case "start-timeout": isolation.startTimeout = try seconds(item)
            default: break
            }
        }
    }

    private static func readAllowedExecutables(_ value: YAMLValue) throws(ConfigurationError) -> [String] {
        var paths: [String] = []
        for item in try value.list() {
            let path = try item.string()
            guard path.hasPrefix("/") else {
                throw item.error("'\(path)' is not an absolute path: name each allowed executable by its full path, e.g. /usr/bin/scenectl")
            }
            paths.append(path)
        }
        return paths
    }

    private static func readDiagnostics(_ value: YAMLValue) throws(ConfigurationError) -> DiagnosticTopics {
        var topics: DiagnosticTopics = []
        for item in try value.list() {
            let name = try item.string()
            guard let topic = DiagnosticTopics(name: name) else {
                throw item.error("unknown diagnostics topic '\(name)' (expected: \(DiagnosticTopics.names.map(\.0).joined(separator: ", ")))")
            }
            topics.insert(topic)
        }
        return topics
    }

    private mutating func readInteraction(_ value: YAMLValue) throws(ConfigurationError) {
        let keys = [
            "hit-test-passes", "tap-count-interval", "tap-count-radius", "control-tracking-slop", "maximum-shake-duration", "wheel-step",
        ]
        for (key, item) in try value.mapping(allowed: keys) {
            switch key {
            case "hit-test-passes": interaction.hitTestPasses = try item.int(in: 1...2)
            case "tap-count-interval": interaction.tapCountInterval = try item.positiveDouble()
            case "tap-count-radius": interaction.tapCountRadius = try item.positiveDouble()
            case "control-tracking-slop": interaction.controlTrackingSlop = try item.double()
            case "maximum-shake-duration": interaction.maximumShakeDuration = try item.positiveDouble()
            case "wheel-step":
                let step = try item.positiveDouble()
                guard step <= Self.maximumWheelStep else {
                    throw item.error("expected the points one wheel step scrolls, at most \(Int(Self.maximumWheelStep)), found \(step)")
                }
                interaction.wheelStepDistance = step
            default: break
            }
        }
    }

    /// The largest `interaction.wheel-step`, in points: far beyond any screen, so that a typo (an extra
    /// zero or three) is caught.
    static let maximumWheelStep = 10_000.0

    /// Every key present in a free-form mapping (for scene options).
    private static func anyKey(_ value: YAMLValue) -> [String] {
        guard case .mapping(let mapping) = value.node else { return [] }
        return mapping.compactMap { key, _ in
            if case .scalar(let scalar) = key { return scalar.string }
            return nil
        }
    }
}

extension YamlError {
    var line: Int {
        switch self {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): mark.line
        default: 0
        }
    }

    var problemText: String {
        switch self {
        case .scanner(_, let problem, _, _), .parser(_, let problem, _, _), .composer(_, let problem, _, _): problem
        default: "\(self)"
        }
    }
}
