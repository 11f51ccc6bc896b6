/// A configuration file that cannot be used: names the file, the line and the key, and says what
/// was expected. `scene-host` prints it and exits with status 78 (EX_CONFIG).
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The configuration file.
    public let file: String
    /// 1-based line of the offending value (0 when the whole file is at fault).
    public let line: Int
    /// Dotted path of the key, e.g. `scenes[1].plugin` (empty for file-level problems).
    public let key: String
    /// What is wrong and what was expected.
    public let message: String

    // A public member-wise initializer, spelled out as Swift requires (`duplicates` pairs it, by shape
    // only, with other public value types').
    public init(file: String, line: Int, key: String, message: String) {
        self.file = file
        self.line = line
        self.key = key
        self.message = message
    }

    /// `FILE:LINE: KEY: message`.
    public var description: String {
        var text = file
        if line > 0 { text += ":\(line)" }
        if !key.isEmpty { text += ": \(key)" }
        return text + ": " + message
    }
}
