/// The D-Bus type-signature grammar, as pure functions over UTF-8 bytes.
///
/// Limits (D-Bus specification, "Valid Signatures"): at most 255 bytes; at most 32 nested
/// arrays; at most 32 nested structs and dict entries together; dict entries only directly
/// inside an array, with exactly two types of which the first is basic; structs have at least
/// one field.
enum SignatureGrammar {
    static let maximumLength = 255
    static let maximumDepth = 32

    static func isBasic(_ code: UInt8) -> Bool {
        switch code {
        case UInt8(ascii: "y"), UInt8(ascii: "b"), UInt8(ascii: "n"), UInt8(ascii: "q"),
            UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "x"), UInt8(ascii: "t"),
            UInt8(ascii: "d"), UInt8(ascii: "h"), UInt8(ascii: "s"), UInt8(ascii: "o"),
            UInt8(ascii: "g"):
            return true
        default:
            return false
        }
    }

    private static func show(_ code: UInt8) -> String {
        if code >= 0x21 && code < 0x7F {
            return "'\(Character(Unicode.Scalar(code)))'"
        }
        return "byte 0x" + String(code, radix: 16, uppercase: true)
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0
        var maxArrayDepth = 0
        var maxStructDepth = 0

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        /// Parses one complete type starting at `index`; returns the problem or `nil`.
        mutating func completeType(arrays: Int, structs: Int, dictEntryAllowed: Bool) -> String? {
            guard index < bytes.count else {
                return "a type is missing at the end"
            }
            let start = index
            let code = bytes[index]
            switch code {
            case UInt8(ascii: "v"):
                index += 1
                return nil
            case _ where SignatureGrammar.isBasic(code):
                index += 1
                return nil
            case UInt8(ascii: "a"):
                if arrays + 1 > SignatureGrammar.maximumDepth {
                    return "the array at offset \(start) is nested more than 32 arrays deep"
                }
                maxArrayDepth = max(maxArrayDepth, arrays + 1)
                index += 1
                guard index < bytes.count, bytes[index] != UInt8(ascii: ")"), bytes[index] != UInt8(ascii: "}")
                else {
                    return "the array 'a' at offset \(start) has no element type"
                }
                return completeType(arrays: arrays + 1, structs: structs, dictEntryAllowed: true)
            case UInt8(ascii: "("):
                if structs + 1 > SignatureGrammar.maximumDepth {
                    return "the struct at offset \(start) is nested more than 32 structs and dict entries deep"
                }
                maxStructDepth = max(maxStructDepth, structs + 1)
                index += 1
                var fields = 0
                while true {
                    guard index < bytes.count else {
                        return "the struct '(' at offset \(start) is never closed with ')'"
                    }
                    if bytes[index] == UInt8(ascii: ")") {
                        break
                    }
                    if let problem = completeType(arrays: arrays, structs: structs + 1, dictEntryAllowed: false) {
                        return problem
                    }
                    fields += 1
                }
                if fields == 0 {
                    return "the struct at offset \(start) is empty; structs need at least one field"
                }
                index += 1
                return nil
            case UInt8(ascii: "{"):
                guard dictEntryAllowed else {
                    return "the dict entry '{' at offset \(start) is not directly inside an array; "
                        + "dict entries only appear as 'a{…}'"
                }
                if structs + 1 > SignatureGrammar.maximumDepth {
                    return "the dict entry at offset \(start) is nested more than 32 structs and dict entries deep"
                }
                maxStructDepth = max(maxStructDepth, structs + 1)
                index += 1
                guard index < bytes.count, bytes[index] != UInt8(ascii: "}") else {
                    return "the dict entry at offset \(start) has no key and value types"
                }
                let key = bytes[index]
                guard SignatureGrammar.isBasic(key) else {
                    return "the dict entry key at offset \(index) is \(show(key)); keys must be basic types"
                }
                index += 1
                guard index < bytes.count, bytes[index] != UInt8(ascii: "}") else {
                    return "the dict entry at offset \(start) has a key but no value type"
                }
                if let problem = completeType(arrays: arrays, structs: structs + 1, dictEntryAllowed: false) {
                    return problem
                }
                guard index < bytes.count else {
                    return "the dict entry '{' at offset \(start) is never closed with '}'"
                }
                guard bytes[index] == UInt8(ascii: "}") else {
                    return "the dict entry at offset \(start) has more than two types"
                }
                index += 1
                return nil
            case UInt8(ascii: ")"):
                return "')' at offset \(start) closes a struct that was never opened"
            case UInt8(ascii: "}"):
                return "'}' at offset \(start) closes a dict entry that was never opened"
            default:
                return "\(show(code)) at offset \(start) is not a D-Bus type code"
            }
        }
    }

    /// The problem with `signature`, or `nil` when it is a valid (possibly empty) signature.
    static func problem(in signature: String) -> String? {
        analyze(Array(signature.utf8)).problem
    }

    /// Validates `bytes` and reports the deepest array nesting and struct-plus-dict-entry nesting.
    static func analyze(_ bytes: [UInt8]) -> (problem: String?, arrays: Int, structs: Int) {
        if bytes.count > maximumLength {
            return ("it is \(bytes.count) bytes long; the limit is \(maximumLength)", 0, 0)
        }
        var parser = Parser(bytes)
        while parser.index < bytes.count {
            if let problem = parser.completeType(arrays: 0, structs: 0, dictEntryAllowed: false) {
                return (problem, 0, 0)
            }
        }
        return (nil, parser.maxArrayDepth, parser.maxStructDepth)
    }

    /// Offsets where each complete type of a valid signature starts, plus the end offset.
    static func completeTypeBoundaries(of bytes: [UInt8]) -> [Int] {
        var boundaries = [0]
        var index = 0
        while index < bytes.count {
            index = endOfCompleteType(in: bytes[...], from: index)
            boundaries.append(index)
        }
        return boundaries
    }

    /// The offset just past the complete type that starts at `start` in a valid signature.
    static func endOfCompleteType(in bytes: ArraySlice<UInt8>, from start: Int) -> Int {
        var index = start
        while bytes[index] == UInt8(ascii: "a") {
            index += 1
        }
        let code = bytes[index]
        index += 1
        guard code == UInt8(ascii: "(") || code == UInt8(ascii: "{") else {
            return index
        }
        var open = 1
        while open > 0 {
            switch bytes[index] {
            case UInt8(ascii: "("), UInt8(ascii: "{"):
                open += 1
            case UInt8(ascii: ")"), UInt8(ascii: "}"):
                open -= 1
            default:
                break
            }
            index += 1
        }
        return index
    }
}
