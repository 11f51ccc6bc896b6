/// The naming rules of the D-Bus specification ("Valid Names" and "Valid Object Paths"),
/// as pure functions that return the broken rule, or `nil` for a valid name.
enum NameRules {
    static let maximumNameLength = 255

    private static func isLetterOrUnderscore(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_")
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func describe(_ byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F {
            return "'\(Character(Unicode.Scalar(byte)))'"
        }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    /// Checks an object path: `/`, or `/`-separated non-empty elements of `[A-Za-z0-9_]`.
    static func objectPathProblem(_ path: String) -> String? {
        let bytes = path.utf8
        guard let first = bytes.first else {
            return "it is empty; an object path starts with '/'"
        }
        guard first == UInt8(ascii: "/") else {
            return "it does not start with '/'"
        }
        if bytes.count == 1 {
            return nil
        }
        var element = 1
        var previousWasSlash = true
        var offset = 0
        for byte in bytes.dropFirst() {
            offset += 1
            if byte == UInt8(ascii: "/") {
                if previousWasSlash {
                    return "element \(element) is empty (two '/' in a row at offset \(offset))"
                }
                element += 1
                previousWasSlash = true
                continue
            }
            guard isLetterOrUnderscore(byte) || isDigit(byte) else {
                return "element \(element) contains \(describe(byte)); path elements allow only [A-Za-z0-9_]"
            }
            previousWasSlash = false
        }
        if previousWasSlash {
            return "it ends with '/'; only the root path '/' may"
        }
        return nil
    }

    /// Checks an interface or error name: two or more `.`-separated elements of `[A-Za-z0-9_]`,
    /// none starting with a digit, at most 255 bytes.
    static func interfaceNameProblem(_ name: String) -> String? {
        dottedNameProblem(name, allowHyphen: false, allowLeadingDigit: false)
    }

    /// Checks a member name: one element of `[A-Za-z0-9_]`, not starting with a digit,
    /// 1 to 255 bytes.
    static func memberNameProblem(_ name: String) -> String? {
        let bytes = name.utf8
        guard let first = bytes.first else {
            return "it is empty"
        }
        if bytes.count > maximumNameLength {
            return "it is \(bytes.count) bytes long; the limit is \(maximumNameLength)"
        }
        if isDigit(first) {
            return "it starts with a digit"
        }
        for byte in bytes where !(isLetterOrUnderscore(byte) || isDigit(byte)) {
            return "it contains \(describe(byte)); member names allow only [A-Za-z0-9_]"
        }
        return nil
    }

    /// Checks a bus name: a unique name `:` followed by two or more `.`-separated elements of
    /// `[A-Za-z0-9_-]`, or a well-known name of two or more such elements none of which starts
    /// with a digit; at most 255 bytes.
    static func busNameProblem(_ name: String) -> String? {
        let bytes = name.utf8
        guard let first = bytes.first else {
            return "it is empty"
        }
        if first == UInt8(ascii: ":") {
            if bytes.count > maximumNameLength {
                return "it is \(bytes.count) bytes long; the limit is \(maximumNameLength)"
            }
            return dottedNameProblem(
                String(decoding: bytes.dropFirst(), as: UTF8.self),
                allowHyphen: true,
                allowLeadingDigit: true,
                lengthAlreadyChecked: true
            )
        }
        return dottedNameProblem(name, allowHyphen: true, allowLeadingDigit: false)
    }

    private static func dottedNameProblem(
        _ name: String,
        allowHyphen: Bool,
        allowLeadingDigit: Bool,
        lengthAlreadyChecked: Bool = false
    ) -> String? {
        let bytes = name.utf8
        if bytes.isEmpty {
            return "it is empty"
        }
        if !lengthAlreadyChecked && bytes.count > maximumNameLength {
            return "it is \(bytes.count) bytes long; the limit is \(maximumNameLength)"
        }
        var element = 1
        var elementLength = 0
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                if elementLength == 0 {
                    return element == 1 ? "it starts with '.'" : "element \(element) is empty"
                }
                element += 1
                elementLength = 0
                continue
            }
            let allowed =
                isLetterOrUnderscore(byte) || isDigit(byte) || (allowHyphen && byte == UInt8(ascii: "-"))
            guard allowed else {
                let set = allowHyphen ? "[A-Za-z0-9_-]" : "[A-Za-z0-9_]"
                return "element \(element) contains \(describe(byte)); elements allow only \(set)"
            }
            if elementLength == 0 && isDigit(byte) && !allowLeadingDigit {
                return "element \(element) starts with a digit"
            }
            elementLength += 1
        }
        if elementLength == 0 {
            return "it ends with '.'"
        }
        if element < 2 {
            return "it has only one element; at least two '.'-separated elements are required"
        }
        return nil
    }

    /// The error for a name of `kind` that broke `problem`, with the rule and an example.
    static func error(kind: String, value: String, problem: String, rule: String) -> BusError {
        BusError(
            code: .invalidName,
            name: .invalidArgs,
            message: "'\(value)' is not a valid \(kind): \(problem). \(rule)"
        )
    }
}
