import CSceneSignals
import Glibc

/// The functions of a plugin's file (a 64-bit little-endian ELF shared object: its `.symtab`, or its
/// `.dynsym` when stripped), to name the frames of a ``PluginCrashFrames`` line: the board reads
/// the file, never loads it.
public struct PluginSymbols: Sendable {
    private struct Function: Sendable {
        var start: UInt64
        var size: UInt64
        var name: String
    }

    /// Sorted by start.
    private let functions: [Function]
    /// The virtual address the file's offset 0 is loaded at (its first loadable segment's).
    private let firstLoadAddress: UInt64

    /// Reads the file at `path`; nil when it cannot be read or is not such a file.
    public init?(path: String) {
        guard let bytes = Self.contents(of: path) else { return nil }
        self.init(bytes: bytes)
    }

    /// Reads an ELF image; nil when it is not a 64-bit little-endian one or its tables do not fit.
    public init?(bytes: [UInt8]) {
        func u16(_ at: Int) -> UInt64? { at >= 0 && at + 2 <= bytes.count ? UInt64(bytes[at]) | UInt64(bytes[at + 1]) << 8 : nil }
        func u32(_ at: Int) -> UInt64? { guard let low = u16(at), let high = u16(at + 2) else { return nil }; return low | high << 16 }
        func u64(_ at: Int) -> UInt64? { guard let low = u32(at), let high = u32(at + 4) else { return nil }; return low | high << 32 }
        guard bytes.count > 64, bytes[0] == 0x7F, bytes[1] == 0x45, bytes[2] == 0x4C, bytes[3] == 0x46, bytes[4] == 2, bytes[5] == 1,
            let programs = u64(0x20), let programSize = u16(0x36), let programCount = u16(0x38),
            let sections = u64(0x28), let sectionSize = u16(0x3A), let sectionCount = u16(0x3C),
            sectionSize >= 64, programSize >= 56, sections < UInt64(bytes.count), programs < UInt64(bytes.count)
        else { return nil }
        var firstLoad: UInt64 = 0
        for index in 0..<Int(programCount) {
            let at = Int(programs) + index * Int(programSize)
            // PT_LOAD with file offset 0: where the mapping at offset 0 lies in virtual addresses.
            if u32(at) == 1, u64(at + 8) == 0, let address = u64(at + 0x10) {
                firstLoad = address
                break
            }
        }
        var tables: [(type: UInt64, offset: Int, size: Int, entry: Int, strings: Int, stringsSize: Int)] = []
        for index in 0..<Int(sectionCount) {
            let at = Int(sections) + index * Int(sectionSize)
            guard let type = u32(at + 4), type == 2 || type == 11,  // SHT_SYMTAB, SHT_DYNSYM
                let offset = u64(at + 0x18), let size = u64(at + 0x20), let link = u32(at + 0x28), let entry = u64(at + 0x38), entry >= 24
            else { continue }
            let linked = Int(sections) + Int(link) * Int(sectionSize)
            guard let strings = u64(linked + 0x18), let stringsSize = u64(linked + 0x20) else { continue }
            tables.append((type, Int(offset), Int(size), Int(entry), Int(strings), Int(stringsSize)))
        }
        guard let table = tables.first(where: { $0.type == 2 }) ?? tables.first,
            table.offset + table.size <= bytes.count, table.strings + table.stringsSize <= bytes.count
        else { return nil }
        var functions: [Function] = []
        for at in stride(from: table.offset, to: table.offset + table.size - table.entry + 1, by: table.entry) {
            guard let nameOffset = u32(at), bytes[at + 4] & 0xF == 2,  // STT_FUNC
                let value = u64(at + 8), let size = u64(at + 16), value != 0, Int(nameOffset) < table.stringsSize
            else { continue }
            let start = table.strings + Int(nameOffset)
            let end = bytes[start..<(table.strings + table.stringsSize)].firstIndex(of: 0) ?? start
            functions.append(Function(start: value, size: size, name: String(decoding: bytes[start..<end], as: UTF8.self)))
        }
        self.functions = functions.sorted { $0.start < $1.start }
        firstLoadAddress = firstLoad
    }

    /// The function at `offset` (as a ``PluginCrashFrames/Frame`` gives it), demangled; nil when no
    /// function of the table covers it.
    public func function(at offset: UInt64) -> String? {
        let address = offset &+ firstLoadAddress
        // The last function starting at or before the address.
        var low = 0, high = functions.count
        while low < high {
            let middle = (low + high) / 2
            if functions[middle].start <= address { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let function = functions[low - 1]
        guard address < function.start + max(function.size, 1) else { return nil }
        return Self.demangle(function.name)
    }

    /// A Swift symbol's readable name (the runtime's demangler); other names as they are.
    public static func demangle(_ name: String) -> String {
        guard let demangled = name.withCString({ swift_demangle($0, strlen($0), nil, nil, 0) }) else { return name }
        defer { free(demangled) }
        return String(cString: demangled)
    }

    private static func contents(of path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size > 0, status.st_size < 1 << 30 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + done, $0.count - done) }
            guard count > 0 else { return nil }
            done += count
        }
        return bytes
    }
}
