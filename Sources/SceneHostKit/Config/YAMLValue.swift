import Yams

/// A YAML node together with where it came from, so every error can name the file, line and key.
struct YAMLValue {
    let node: Node
    let file: String
    let path: String

    var line: Int { node.mark?.line ?? 0 }

    func error(_ message: String) -> ConfigurationError {
        ConfigurationError(file: file, line: line, key: path, message: message)
    }

    private var kind: String {
        switch node {
        case .scalar: "a scalar"
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }

    /// The entries of a mapping, checking every key against `allowed`.
    func mapping(allowed: [String]) throws(ConfigurationError) -> [(key: String, value: YAMLValue)] {
        guard case .mapping(let mapping) = node else { throw error("expected a mapping, found \(kind)") }
        var entries: [(String, YAMLValue)] = []
        for (keyNode, valueNode) in mapping {
            guard case .scalar(let scalar) = keyNode else {
                throw ConfigurationError(file: file, line: keyNode.mark?.line ?? line, key: path, message: "keys must be plain strings")
            }
            let key = scalar.string
            let childPath = path.isEmpty ? key : "\(path).\(key)"
            guard allowed.contains(key) else {
                throw ConfigurationError(
                    file: file, line: keyNode.mark?.line ?? line, key: childPath,
                    message: "unknown key '\(key)' (expected one of: \(allowed.joined(separator: ", ")))")
            }
            if entries.contains(where: { $0.0 == key }) {
                throw ConfigurationError(file: file, line: keyNode.mark?.line ?? line, key: childPath, message: "duplicate key '\(key)'")
            }
            entries.append((key, YAMLValue(node: valueNode, file: file, path: childPath)))
        }
        return entries
    }

    /// The items of a list.
    func list() throws(ConfigurationError) -> [YAMLValue] {
        guard case .sequence(let sequence) = node else { throw error("expected a list, found \(kind)") }
        return sequence.enumerated().map { YAMLValue(node: $0.element, file: file, path: "\(path)[\($0.offset)]") }
    }

    func string() throws(ConfigurationError) -> String {
        guard case .scalar(let scalar) = node else { throw error("expected a string, found \(kind)") }
        return scalar.string
    }

    func double() throws(ConfigurationError) -> Double {
        let text = try string()
        guard let value = Double(text), value.isFinite else { throw error("expected a number, found '\(text)'") }
        return value
    }

    func positiveDouble() throws(ConfigurationError) -> Double {
        let value = try double()
        guard value > 0 else { throw error("expected a number greater than 0, found \(value)") }
        return value
    }

    /// Seconds in `range` (whole seconds at its ends); `meaning` says what they are, for the error
    /// naming a value outside it.
    func seconds(in range: ClosedRange<Int>, meaning: String) throws(ConfigurationError) -> Double {
        let value = try double()
        guard Double(range.lowerBound) <= value, value <= Double(range.upperBound) else {
            throw error("\(value) seconds is not between \(range.lowerBound) and \(range.upperBound): give \(meaning)")
        }
        return value
    }

    func int(in range: ClosedRange<Int>) throws(ConfigurationError) -> Int {
        let text = try string()
        guard let value = Int(text) else { throw error("expected a whole number, found '\(text)'") }
        guard range.contains(value) else {
            throw error("expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(value)")
        }
        return value
    }

    func bool() throws(ConfigurationError) -> Bool {
        switch try string().lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        case let other: throw error("expected true or false, found '\(other)'")
        }
    }

    /// A choice among `values`, by name.
    func choice<T: RawRepresentable & CaseIterable>(_ type: T.Type) throws(ConfigurationError) -> T where T.RawValue == String {
        let text = try string()
        guard let value = T(rawValue: text) else {
            throw error("'\(text)' is not one of: \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }
}
