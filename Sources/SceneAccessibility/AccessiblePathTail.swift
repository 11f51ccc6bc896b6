/// What follows a scene's prefix and `/` in an accessible object's path (``AccessibleTree``'s
/// paths): `w<number>` a window by its scene channel number, `<id>` a view, `<id>_<section>_<row>`
/// a table's row [TV-12]. Read byte by byte, without splitting: every call a client makes names its
/// object by path.
enum AccessiblePathTail: Equatable {
    case window(number: Int)
    case view(id: UInt32)
    case row(tableID: UInt32, section: Int, row: Int)

    /// The tail in `bytes`, or nil when they are none of the three: an empty or non-decimal part, a
    /// number too large for its type, or a number of parts other than one or three.
    init?(_ bytes: some Collection<UInt8>) {
        var parts: [Int] = []
        var current: Int?
        var window = false
        var index = bytes.startIndex
        if index != bytes.endIndex, bytes[index] == UInt8(ascii: "w") {
            window = true
            bytes.formIndex(after: &index)
        }
        while index != bytes.endIndex {
            let byte = bytes[index]
            bytes.formIndex(after: &index)
            if byte == UInt8(ascii: "_") {
                guard let number = current, !window else { return nil }
                parts.append(number)
                current = nil
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (shifted, overflowShift) = (current ?? 0).multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = shifted.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            guard !overflowShift, !overflowSum else { return nil }
            current = sum
        }
        guard let last = current else { return nil }
        parts.append(last)
        switch parts.count {
        case 1 where window: self = .window(number: last)
        case 1: guard let id = UInt32(exactly: last) else { return nil }; self = .view(id: id)
        case 3: guard let id = UInt32(exactly: parts[0]) else { return nil }; self = .row(tableID: id, section: parts[1], row: parts[2])
        default: return nil
        }
    }
}
