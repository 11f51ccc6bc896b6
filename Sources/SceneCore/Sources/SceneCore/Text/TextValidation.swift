/// Which text a single-line text field takes, and offsets counted in Unicode scalars.
///
/// Offsets into text (carets, ranges, AT-SPI's character offsets) count Unicode scalars, as AT-SPI
/// does; deleting backwards removes a whole user-perceived character (grapheme cluster).
public enum TextValidation {
    /// Whether `scalar` is a control character (general category Cc: C0, DEL, C1).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
    }

    /// Checks that `text` holds no control character and no Unicode noncharacter.
    ///
    /// - Throws: ``TextEditError`` with code ``TextEditError/Code-swift.struct/invalidCharacter``
    ///   naming the first bad character's offset and code point.
    public static func checkSingleLine(_ text: String) throws(TextEditError) {
        for (offset, scalar) in text.unicodeScalars.enumerated()
        where isControl(scalar) || scalar.properties.isNoncharacterCodePoint {
            throw TextEditError(
                code: .invalidCharacter,
                message: "text has \(codePoint(scalar)) at offset \(offset): a single-line text field takes no "
                    + (isControl(scalar) ? "control characters" : "Unicode noncharacters"))
        }
    }

    /// `U+000A`-style name of a scalar.
    public static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: Swift.max(0, 4 - hex.count)) + hex
    }
}

extension String {
    /// The number of Unicode scalars: the length in text offsets.
    public var scalarCount: Int { unicodeScalars.count }

    /// The index of scalar offset `offset` (0…``scalarCount``).
    func scalarIndex(_ offset: Int) -> String.Index {
        unicodeScalars.index(unicodeScalars.startIndex, offsetBy: offset)
    }

    /// The text between scalar offsets `range` (clamped to the text).
    public func substring(scalars range: Range<Int>) -> String {
        let count = scalarCount
        let lower = Swift.min(Swift.max(0, range.lowerBound), count)
        let upper = Swift.min(Swift.max(lower, range.upperBound), count)
        return String(unicodeScalars[scalarIndex(lower)..<scalarIndex(upper)])
    }
}
