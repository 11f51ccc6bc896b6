/// The characters of the selector language (shared by the parser and the canonical printer).
enum SelectorSyntax {
    /// Letters, digits, `_`, `-` and `.`: what `#identifier` and scene names may hold.
    static func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "-", ".": true
        default: false
        }
    }

    /// Letters, digits and `_`: a type or attribute name (not starting with a digit).
    static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_": true
        default: false
        }
    }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }
}
