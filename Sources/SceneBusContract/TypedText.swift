/// How text to type is written on a command line or in an input script: `\n` is a line break
/// (typed as Return), `\\` one backslash; every other character stands for itself.
public enum TypedText {
    /// `text` with its escapes replaced.
    public static func unescape(_ text: String) -> String {
        var result = ""
        var escaping = false
        for character in text {
            if escaping {
                switch character {
                case "n": result.append("\n")
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
