/// How text to type is written on a command line or in an input script: `\n` is a line break
/// (typed as Return), `\\` one backslash, `\s` a space (for spaces at either end of a script line,
/// which the script trims); every other character stands for itself.
public enum TypedText {
    /// `text` written so that ``unescape(_:)`` gives it back, also at the end of a trimmed line:
    /// backslashes and line breaks escaped, and spaces at either end as `\s`.
    public static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default: result.append(character)
            }
        }
        let leading = result.prefix { $0 == " " }.count
        let trailing = leading == result.count ? 0 : result.reversed().prefix { $0 == " " }.count
        guard leading > 0 || trailing > 0 else { return result }
        let middle = result.dropFirst(leading).dropLast(trailing)
        return String(repeating: "\\s", count: leading) + middle + String(repeating: "\\s", count: trailing)
    }

    /// `text` with its escapes replaced.
    public static func unescape(_ text: String) -> String {
        var result = ""
        var escaping = false
        for character in text {
            if escaping {
                switch character {
                case "n": result.append("\n")
                case "s": result.append(" ")
                case "\\": result.append("\\")
                default:
                    result.append("\\")
                    result.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        if escaping { result.append("\\") }
        return result
    }
}
