/// Reads one line of a plugin declaration: blank, a comment, or `key = "string"` (a TOML bare key and
/// a basic or literal string, then an optional comment).
struct LineScanner {
    private let line: Substring
    private let file: String
    private let number: Int
    private var position: Substring.Index

    init(line: Substring, file: String, number: Int) {
        self.line = line
        self.file = file
        self.number = number
        position = line.startIndex
    }

    /// The line's key and value; nil for a blank or comment line.
    mutating func entry() throws(PluginDeclarationError) -> (key: String, value: String)? {
        skipSpaces()
        guard let first = peek(), first != "#" else { return nil }
        if first == "[" {
            throw error(.syntax, "\(swiftLiteral(String(line.trimmingSpaces))) is a TOML table: a plugin declaration is only key = \"value\" lines")
        }
        let keyStart = position
        while let character = peek(), character.isBareKeyCharacter { advance() }
        let key = String(line[keyStart..<position])
        guard !key.isEmpty else {
            throw error(.syntax, "\(swiftLiteral(String(line.trimmingSpaces))) is not key = \"value\": a key is letters, digits, '-' and '_'")
        }
        skipSpaces()
        guard peek() == "=" else {
            throw error(.syntax, "\(swiftLiteral(String(line.trimmingSpaces))) has no '=' after '\(key)': write \(key) = \"value\"")
        }
        advance()
        skipSpaces()
        let value: String
        switch peek() {
        case "\"": value = try basicString(key: key)
        case "'": value = try literalString(key: key)
        default:
            let rest = String(line[position...].trimmingSpaces)
            throw error(.syntax, "the value of '\(key)', \(rest.isEmpty ? "empty" : rest), is not a string: write \(key) = \"\(rest)\"")
        }
        skipSpaces()
        if let extra = peek(), extra != "#" {
            throw error(.syntax, "\(swiftLiteral(String(line[position...]))) follows the value of '\(key)': one key = \"value\" per line, then only a # comment")
        }
        return (key, value)
    }

    private mutating func basicString(key: String) throws(PluginDeclarationError) -> String {
        advance()
        var value = ""
        while let character = peek() {
            advance()
            switch character {
            case "\"": return value
            case "\\":
                guard let escaped = peek() else { break }
                advance()
                switch escaped {
                case "\"": value.append("\"")
                case "\\": value.append("\\")
                case "n": value.append("\n")
                case "t": value.append("\t")
                default:
                    throw error(.syntax, "the value of '\(key)' has the escape \\\(escaped), which a declaration does not read: use \\\", \\\\, \\t or \\n")
                }
            default: value.append(character)
            }
        }
        throw error(.syntax, "the value of '\(key)' has no closing \": write \(key) = \"...\" on one line")
    }

    private mutating func literalString(key: String) throws(PluginDeclarationError) -> String {
        advance()
        let start = position
        while let character = peek() {
            if character == "'" {
                let value = String(line[start..<position])
                advance()
                return value
            }
            advance()
        }
        throw error(.syntax, "the value of '\(key)' has no closing ': write \(key) = '...' on one line")
    }

    private func peek() -> Character? { position < line.endIndex ? line[position] : nil }
    private mutating func advance() { position = line.index(after: position) }
    private mutating func skipSpaces() {
        while let character = peek(), character == " " || character == "\t" { advance() }
    }

    private func error(_ code: PluginDeclarationError.Code, _ message: String) -> PluginDeclarationError {
        PluginDeclarationError(code, file: file, line: number, message)
    }
}

extension Character {
    /// A character of a TOML bare key.
    fileprivate var isBareKeyCharacter: Bool {
        guard let scalar = unicodeScalars.first, unicodeScalars.count == 1 else { return false }
        return scalar.isASCIILetter || scalar.isASCIIDigit || scalar == "-" || scalar == "_"
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
