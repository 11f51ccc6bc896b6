/// Cuts what a scene process writes to its standard error into lines, as it arrives in pieces of
/// any size: a line is given once its newline came, a line longer than ``maximumLength`` bytes is
/// given in pieces of that length (a process that never writes a newline cannot grow the board's
/// memory), and ``finish()`` gives what is left when the process has ended. Invalid UTF-8 is
/// replaced, never dropped. A value: the board holds one per running process.
struct ProcessOutputLines {
    static let maximumLength = 4096

    private var partial: [UInt8] = []

    /// The lines that `bytes` completes, in order.
    mutating func take(_ bytes: some Collection<UInt8>) -> [String] {
        var lines: [String] = []
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                lines.append(String(decoding: partial, as: UTF8.self))
                partial.removeAll(keepingCapacity: true)
            } else {
                partial.append(byte)
                if partial.count == Self.maximumLength {
                    lines.append(String(decoding: partial, as: UTF8.self))
                    partial.removeAll(keepingCapacity: true)
                }
            }
        }
        return lines
    }

    /// The unfinished last line, if any; the cutter is then empty.
    mutating func finish() -> [String] {
        defer { partial = [] }
        return partial.isEmpty ? [] : [String(decoding: partial, as: UTF8.self)]
    }
}
