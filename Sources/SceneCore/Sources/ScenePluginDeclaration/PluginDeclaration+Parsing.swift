extension PluginDeclaration {
    /// The declaration's file name in a plugin target's folder.
    public static let fileName = "ScenePlugin.toml"

    /// Parses and checks a declaration: a TOML file of `key = "string"` lines (comments with `#` and
    /// blank lines allowed; single-quoted literal strings too), with the keys of ``Key``:
    ///
    ///     name = "Clock"
    ///     version = "0.1.0"
    ///     description = "A label and a button that counts taps"
    ///     delegate = "ClockSceneDelegate"
    ///     minimum-core = "1.2.0"          # optional: the oldest SceneCore the plugin runs on
    ///
    /// - Parameter file: the path named in errors.
    /// - Throws: ``PluginDeclarationError`` for the first problem, naming `file`, the line and the
    ///   bad value, and saying what to write.
    public init(parsing text: String, file: String) throws(PluginDeclarationError) {
        var values: [Key: String] = [:]
        var lines: [Key: Int] = [:]
        // "\r\n" is one Character: a line ends with either.
        let textLines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (index, line) in textLines.enumerated() {
            let number = index + 1
            var scanner = LineScanner(line: line, file: file, number: number)
            guard let entry = try scanner.entry() else { continue }
            guard let key = Key(rawValue: entry.key) else {
                let known = Key.allCases.map(\.rawValue).joined(separator: ", ")
                throw PluginDeclarationError(.unknownKey, file: file, line: number, "unknown key '\(entry.key)': a plugin declaration has \(known)")
            }
            if let first = lines[key] {
                throw PluginDeclarationError(.duplicateKey, file: file, line: number, "'\(key.rawValue)' is given twice (first on line \(first)): keep one")
            }
            values[key] = entry.value
            lines[key] = number
        }
        for key in Key.allCases where key.isRequired && values[key] == nil {
            throw PluginDeclarationError(.missingKey, file: file, line: 1, "no '\(key.rawValue)': add \(key.rawValue) = \"\(key.example)\" (\(key.meaning))")
        }
        func invalid(_ key: Key, _ message: String) -> PluginDeclarationError {
            PluginDeclarationError(.invalidValue, file: file, line: lines[key] ?? 1, message)
        }
        let name = values[.name] ?? ""
        guard Self.isPluginName(name) else {
            throw invalid(.name, "name \(swiftLiteral(name)) is not a plugin name: use a letter, then letters, digits, '-', '_' or '.' (at most 64), e.g. \"\(Key.name.example)\"")
        }
        let version = values[.version] ?? ""
        guard Self.isVersion(version) else {
            throw invalid(.version, "version \(swiftLiteral(version)) is not a version: write MAJOR.MINOR.PATCH, optionally with a -suffix, e.g. \"1.0.0\" or \"0.2.0-beta.1\"")
        }
        let delegate = values[.delegate] ?? ""
        guard Self.isTypeName(delegate) else {
            throw invalid(.delegate, "delegate \(swiftLiteral(delegate)) is not a Swift type name: name the SceneDelegate class whose init() builds each scene, e.g. \"\(Key.delegate.example)\"")
        }
        var minimumCore: CoreRequirement?
        if let text = values[.minimumCore] {
            guard let requirement = CoreRequirement(text) else {
                throw invalid(.minimumCore, "minimum-core \(swiftLiteral(text)) is not a SceneCore version: write major.minor.patch (major up to 65535, minor and patch up to 255), e.g. \"1.0.0\"")
            }
            minimumCore = requirement
        }
        if let description = values[.description], description.contains(where: { $0.isNewline }) {
            throw invalid(.description, "description \(swiftLiteral(description)) has a line break: a description is one line")
        }
        self.init(name: name, version: version, description: values[.description], delegate: delegate, minimumCore: minimumCore, lines: lines)
    }

    static func isPluginName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCIILetter, text.unicodeScalars.count <= 64 else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == "-" || $0 == "_" || $0 == "." }
    }

    static func isVersion(_ text: String) -> Bool {
        let parts = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        let numbers = parts[0].split(separator: ".", omittingEmptySubsequences: false)
        guard numbers.count == 3, numbers.allSatisfy({ !$0.isEmpty && $0.unicodeScalars.allSatisfy(\.isASCIIDigit) }) else { return false }
        guard parts.count == 2 else { return true }
        let suffix = parts[1]
        return !suffix.isEmpty && suffix.unicodeScalars.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == "." || $0 == "-" }
    }

    /// A Swift type name, optionally qualified: identifiers (ASCII letters, digits, `_`, not starting
    /// with a digit) joined by dots.
    static func isTypeName(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.allSatisfy { part in
            guard let first = part.unicodeScalars.first, first.isASCIILetter || first == "_" else { return false }
            return part.unicodeScalars.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == "_" }
        }
    }
}

extension PluginDeclaration.CoreRequirement {
    /// Parses `major.minor.patch`; nil for anything else or for parts out of range.
    init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.count <= 5 && $0.unicodeScalars.allSatisfy(\.isASCIIDigit) }),
            let major = Int(parts[0]), let minor = Int(parts[1]), let patch = Int(parts[2]),
            major <= 0xFFFF, minor <= 0xFF, patch <= 0xFF
        else { return nil }
        self.init(major: major, minor: minor, patch: patch)
    }
}

extension PluginDeclaration.Key {
    /// A value the key could have, for the message about a missing key.
    var example: String {
        switch self {
        case .name: "Clock"
        case .version: "0.1.0"
        case .description: "A label and a button that counts taps"
        case .delegate: "ClockSceneDelegate"
        case .minimumCore: "1.0.0"
        }
    }

    /// What the key is for, for the message about a missing key.
    var meaning: String {
        switch self {
        case .name: "the plugin's name"
        case .version: "the plugin's version"
        case .description: "a one-line description"
        case .delegate: "the SceneDelegate type whose init() builds each scene"
        case .minimumCore: "the oldest SceneCore the plugin runs on"
        }
    }
}

extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
