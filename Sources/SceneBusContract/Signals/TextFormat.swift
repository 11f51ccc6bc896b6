import DBusKit

/// How the host's signals and `scenectl` write numbers, paths and strings, for people and for JSON.
public enum TextFormat {
    /// A number without a needless `.0`: `240`, `240.5`, `0.333333`; at most six decimals for people.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        let rounded = (value * 1_000_000).rounded() / 1_000_000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 {
            return String(Int64(rounded))
        }
        return "\(rounded)"
    }

    /// `(x, y, width, height)` from the `[x, y, width, height]` arrays the host sends.
    public static func frame(_ values: [Double]) -> String {
        "(" + values.map(number).joined(separator: ", ") + ")"
    }

    /// An object path without the host's root prefix: `window/3`, `scene/findview`; `(none)` for `/`
    /// (the host's "no such object") and the empty string.
    public static func shortPath(_ path: String) -> String {
        if path.isEmpty || path == "/" { return "(none)" }
        let prefix = SceneBusContract.rootPath.rawValue + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// `text`, or `(none)` when it is empty.
    public static func orNone(_ text: String) -> String {
        text.isEmpty ? "(none)" : text
    }

    // MARK: JSON

    /// A JSON number: integral values without a fraction, others in Swift's shortest round-trip
    /// form (valid JSON); `null` for NaN and infinities, which JSON cannot express.
    public static func jsonNumber(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return "\(value)"
    }

    /// Appends `text` as a JSON string literal (quoted and escaped) to `output`.
    public static func appendJSONString(_ text: String, to output: inout String) {
        output.append("\"")
        var start = text.unicodeScalars.startIndex
        let scalars = text.unicodeScalars
        var index = start
        while index != scalars.endIndex {
            let scalar = scalars[index]
            let escape: String?
            switch scalar {
            case "\"": escape = "\\\""
            case "\\": escape = "\\\\"
            case "\n": escape = "\\n"
            case "\r": escape = "\\r"
            case "\t": escape = "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    escape = nil
                }
            }
            if let escape {
                output.unicodeScalars.append(contentsOf: scalars[start..<index])
                output.append(escape)
                start = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        output.unicodeScalars.append(contentsOf: scalars[start..<scalars.endIndex])
        output.append("\"")
    }

    /// `text` as a JSON string literal.
    public static func jsonString(_ text: String) -> String {
        var output = ""
        appendJSONString(text, to: &output)
        return output
    }
}
