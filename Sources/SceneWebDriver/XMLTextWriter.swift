import Foundation

/// XML text, attributes in single quotes, escaped as XML 1.0 requires (characters XML cannot carry
/// become U+FFFD). With `jsonEscaped` the text is also written as the inside of a JSON string: the
/// only characters JSON escapes that can occur are `\` and `"` (in values) and the line breaks between
/// elements.
/// Numbers are written as digits straight into the buffer (no string per coordinate).
struct XMLTextWriter: ElementSink {
    let jsonEscaped: Bool
    private let buffer: ByteBuffer
    private var stack: [String] = []
    /// The open tag still lacks its `>` (an element with no children closes as `/>`).
    private var tagOpen = false
    private var depth = 0

    /// A writer whose buffer starts with room for `capacity` bytes.
    init(jsonEscaped: Bool, capacity: Int = 4096) {
        self.jsonEscaped = jsonEscaped
        buffer = ByteBuffer(capacity: capacity)
    }

    /// What was written.
    var bytes: [UInt8] { buffer.bytes }

    /// What was written, handed over without a copy (the writer is empty afterwards).
    func takeData() -> Data { buffer.takeData() }

    mutating func text(_ text: StaticString) {
        buffer.append(text)
    }

    mutating func newline() {
        if jsonEscaped {
            buffer.append(UInt8(ascii: "\\"))
            buffer.append(UInt8(ascii: "n"))
        } else {
            buffer.append(UInt8(ascii: "\n"))
        }
    }

    private mutating func indent() {
        for _ in 0..<depth { buffer.append(UInt8(ascii: " ")) }
    }

    mutating func open(_ tag: String) {
        if tagOpen {
            buffer.append(UInt8(ascii: ">"))
            newline()
        }
        indent()
        buffer.append(UInt8(ascii: "<"))
        buffer.append(tag)
        stack.append(tag)
        tagOpen = true
        depth += 1
    }

    /// The longest ``decimal(_:_:)``: a sign, 12 digits, a point and 3 places.
    private static let decimalRoom = 17
    /// The longest whole number of ``digits(_:)``: a sign and 19 digits.
    private static let wholeRoom = 20

    /// ` name='`, and room for `room` more bytes after it.
    @inline(__always)
    private func name(_ name: StaticString, room: Int = 0) {
        buffer.reserve(name.utf8CodeUnitCount + 3 + room)
        buffer.appendReserved(UInt8(ascii: " "))
        buffer.appendReserved(name)
        buffer.appendReserved(UInt8(ascii: "="))
        buffer.appendReserved(UInt8(ascii: "'"))
    }

    mutating func attribute(_ name: StaticString, flag: Bool) {
        self.name(name, room: 6)
        buffer.appendReserved(flag ? "true'" : "false'")
    }

    mutating func attribute(_ name: StaticString, _ value: @autoclosure () -> String) {
        self.name(name)
        escape(value())
        buffer.append(UInt8(ascii: "'"))
    }

    mutating func attribute(_ name: StaticString, number value: Double) {
        self.name(name, room: Self.decimalRoom + 1)
        let buffer = buffer
        Self.decimal(value) { buffer.appendReserved($0) }
        buffer.appendReserved(UInt8(ascii: "'"))
    }

    /// `value` to 1/1000, as digits handed to `put` one by one: no fraction for whole numbers, no
    /// trailing zeros; `0` for a non-finite value or one beyond ±10¹².
    @inline(__always)
    static func decimal(_ value: Double, _ put: (UInt8) -> Void) {
        guard value.isFinite, abs(value) < 1e12 else { return put(UInt8(ascii: "0")) }
        let thousandths = Int64((value * 1000).rounded())
        if thousandths < 0 { put(UInt8(ascii: "-")) }
        let magnitude = thousandths.magnitude
        digits(magnitude / 1000, put)
        let fraction = magnitude % 1000
        guard fraction > 0 else { return }
        put(UInt8(ascii: "."))
        // Three places, trailing zeros dropped.
        put(UInt8(ascii: "0") + UInt8(fraction / 100))
        guard fraction % 100 > 0 else { return }
        put(UInt8(ascii: "0") + UInt8(fraction / 10 % 10))
        guard fraction % 10 > 0 else { return }
        put(UInt8(ascii: "0") + UInt8(fraction % 10))
    }

    /// A non-negative whole number in decimal, most significant digit first (no allocation). The
    /// digits are found least significant first, dividing by the constant 10 (a multiplication, where
    /// a division by a power of ten held in a variable is a real division per digit), on the stack.
    @inline(__always)
    static func digits(_ value: UInt64, _ put: (UInt8) -> Void) {
        if value < 10 { return put(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value)) }
        // UInt64.max has 20 digits.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { scratch in
            var rest = value
            var count = 0
            repeat {
                let (quotient, digit) = rest.quotientAndRemainder(dividingBy: 10)
                scratch[count] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: digit)
                count += 1
                rest = quotient
            } while rest > 0
            while count > 0 {
                count -= 1
                put(scratch[count])
            }
        }
    }

    mutating func attribute(_ name: StaticString, bounds: (Int64, Int64, Int64, Int64)) {
        self.name(name, room: 4 * Self.wholeRoom + 7)
        buffer.appendReserved(UInt8(ascii: "["))
        digits(bounds.0)
        buffer.appendReserved(UInt8(ascii: ","))
        digits(bounds.1)
        buffer.appendReserved("][")
        digits(bounds.2)
        buffer.appendReserved(UInt8(ascii: ","))
        digits(bounds.3)
        buffer.appendReserved("]'")
    }

    /// A whole number in decimal, into room already reserved (``wholeRoom``).
    @inline(__always)
    private func digits(_ value: Int64) {
        let buffer = buffer
        if value < 0 { buffer.appendReserved(UInt8(ascii: "-")) }
        Self.digits(value.magnitude) { buffer.appendReserved($0) }
    }

    mutating func close() {
        depth -= 1
        let tag = stack.removeLast()
        if tagOpen {
            buffer.append(UInt8(ascii: "/"))
            buffer.append(UInt8(ascii: ">"))
            newline()
            tagOpen = false
            return
        }
        indent()
        buffer.append(UInt8(ascii: "<"))
        buffer.append(UInt8(ascii: "/"))
        buffer.append(tag)
        buffer.append(UInt8(ascii: ">"))
        newline()
    }

    /// Appends `value` escaped for an attribute in single quotes; a value with nothing to escape (the
    /// common case) is copied at once.
    private mutating func escape(_ value: String) {
        var value = value
        let clean = value.withUTF8 { utf8 in
            guard !utf8.contains(where: Self.needsEscape) else { return false }
            buffer.append(utf8)
            return true
        }
        if clean { return }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": buffer.append("&amp;" as StaticString)
            case "<": buffer.append("&lt;" as StaticString)
            case ">": buffer.append("&gt;" as StaticString)
            case "'": buffer.append("&apos;" as StaticString)
            case "\n": buffer.append("&#10;" as StaticString)
            case "\r": buffer.append("&#13;" as StaticString)
            case "\t": buffer.append("&#9;" as StaticString)
            case "\\": buffer.append(jsonEscaped ? "\\\\" as StaticString : "\\")
            case "\"": buffer.append(jsonEscaped ? "\\\"" as StaticString : "\"")
            default:
                let value = scalar.value
                // XML 1.0's Char: no other C0 control, no U+FFFE or U+FFFF.
                let allowed = value >= 0x20 && value != 0xFFFE && value != 0xFFFF
                buffer.append(String(allowed ? Character(scalar) : "\u{FFFD}"))
            }
        }
    }

    /// A byte that may need escaping: a C0 control, one of `&<>'\"`, or the lead byte of U+FFFE/U+FFFF.
    /// Below 0x40 one bit of ``lowEscapes`` answers (`XMLTextWriterTests` compares every byte with
    /// the list).
    @inline(__always)
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x40 ? lowEscapes >> UInt64(byte) & 1 != 0 : byte == UInt8(ascii: "\\") || byte >= 0xEF
    }

    /// Bit `b` set for each byte `b` below 0x40 that needs escaping: the C0 controls and `"&'<>`.
    private static var lowEscapes: UInt64 {
        @inline(__always) get { 0xFFFF_FFFF | 1 << 0x22 | 1 << 0x26 | 1 << 0x27 | 1 << 0x3C | 1 << 0x3E }
    }
}
