import Glibc

/// Notes which plugin crashed the host, if one did: a handler for the fatal signals (SIGILL, SIGTRAP,
/// SIGSEGV, SIGBUS, SIGFPE, SIGABRT) walks the crashed thread's stack, finds the innermost frame in
/// the code of a loaded plugin, and writes that plugin's file identity and the signal to the crash
/// record (``PluginCrashHistory`` reads it at the next start). Then it puts the previous handler back
/// (Swift's backtracer, or the default action) and lets the signal happen again, so the process still
/// dies of it and the service manager restarts it.
///
/// This is the one piece of process-wide state in the host, and it must be: a signal handler is a C
/// function that receives no context. Everything the handler touches is allocated up front by
/// ``install(recordPath:)`` and ``register(_:)`` (on the main thread), so the handler only reads
/// memory, calls `backtrace` (prepared once, so its unwinder is loaded), `open`, `write`, `close` and
/// `sigaction`, and never allocates, locks or retains.
enum CrashGuard {
    /// Text a plugin's code occupies, and the plugin's record text.
    private struct Range {
        var start: UInt
        var end: UInt
        var plugin: Int
    }

    private typealias BacktraceFunction = @convention(c) (UnsafeMutablePointer<UnsafeMutableRawPointer?>?, Int32) -> Int32

    /// Everything the handler reads, allocated once.
    private struct State {
        var recordPath: UnsafeMutablePointer<CChar>
        /// The record of a crash in no plugin's code.
        var noPlugin: UnsafeMutablePointer<CChar>
        var ranges: UnsafeMutablePointer<Range>
        var rangeCapacity: Int
        var rangeCount: Int
        /// Per plugin: "PATH\nSIZE\nMTIME\n", a NUL-terminated C string.
        var records: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
        var recordCapacity: Int
        var recordCount: Int
        var frames: UnsafeMutablePointer<UnsafeMutableRawPointer?>
        var frameCapacity: Int32
        var backtrace: BacktraceFunction
        /// The handlers that were installed before, by signal number.
        var previous: UnsafeMutablePointer<sigaction>
        /// The alternate signal stack the handler runs on (kept for the process's life; held here so
        /// that it stays reachable, as everything the handler needs).
        var alternateStack: UnsafeMutableRawPointer?
    }

    // Written only on the main thread, by install and register, before any crash they describe can
    // happen; read only by the signal handler, which runs on the crashing thread after them. Entries
    // are filled in before the counts that publish them grow (x86-64 keeps stores in order), so the
    // handler never reads an entry being written.
    nonisolated(unsafe) private static var state: UnsafeMutablePointer<State>?

    static let signals = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT]

    /// Installs the handler; crashes then write `recordPath`. Call once, on the main thread; later
    /// calls do nothing. Returns false when `backtrace` is not available (nothing installed).
    @discardableResult
    static func install(recordPath: String) -> Bool {
        guard state == nil,
            let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "backtrace")  // RTLD_DEFAULT
        else { return false }
        let backtrace = unsafeBitCast(symbol, to: BacktraceFunction.self)
        let frames = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 128)
        _ = backtrace(frames, 128)  // loads the unwinder now, not in the handler
        let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        previous.initialize(repeating: sigaction(), count: 65)
        let ranges = UnsafeMutablePointer<Range>.allocate(capacity: 1024)
        let records = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: 256)
        records.initialize(repeating: nil, count: 256)
        let created = UnsafeMutablePointer<State>.allocate(capacity: 1)
        created.initialize(to: State(
            recordPath: strdup(recordPath), noPlugin: strdup("-\n0\n0\n"), ranges: ranges, rangeCapacity: 1024, rangeCount: 0, records: records,
            recordCapacity: 256, recordCount: 0, frames: frames, frameCapacity: 128, backtrace: backtrace, previous: previous,
            alternateStack: nil))
        state = created
        // An alternate stack, so that a stack overflow can be reported too.
        var stack = stack_t()
        stack.ss_size = 64 << 10
        stack.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: stack.ss_size, alignment: 16)
        stack.ss_flags = 0
        created.pointee.alternateStack = stack.ss_sp
        sigaltstack(&stack, nil)
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = handler
        action.sa_flags = SA_SIGINFO | SA_ONSTACK
        sigemptyset(&action.sa_mask)
        for signal in signals {
            sigaction(signal, &action, previous + Int(signal))
        }
        return true
    }

    /// Tells the handler where a loaded plugin's code is: the executable mappings of its file in
    /// `/proc/self/maps`. Call on the main thread after the plugin is mapped.
    static func register(_ file: PluginFile) {
        guard let state else { return }
        guard state.pointee.recordCount < state.pointee.recordCapacity else { return }
        let plugin = state.pointee.recordCount
        state.pointee.records[plugin] = strdup("\(file.realPath)\n\(file.size)\n\(file.modified)\n")
        state.pointee.recordCount += 1
        for (start, end) in executableMappings(of: file.realPath) {
            guard state.pointee.rangeCount < state.pointee.rangeCapacity else { break }
            state.pointee.ranges[state.pointee.rangeCount] = Range(start: start, end: end, plugin: plugin)
            state.pointee.rangeCount += 1
        }
    }

    /// Executable mappings of `path` in this process.
    private static func executableMappings(of path: String) -> [(UInt, UInt)] {
        guard let maps = fopen("/proc/self/maps", "r") else { return [] }
        defer { fclose(maps) }
        var result: [(UInt, UInt)] = []
        var line = [CChar](repeating: 0, count: 4096)
        while fgets(&line, Int32(line.count), maps) != nil {
            let text = String(decoding: line.prefix { $0 != 0 && $0 != 10 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let fields = text.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6, fields[1].contains("x"), fields[5...].joined(separator: " ") == path else { continue }
            let bounds = fields[0].split(separator: "-")
            guard bounds.count == 2, let start = UInt(bounds[0], radix: 16), let end = UInt(bounds[1], radix: 16) else { continue }
            result.append((start, end))
        }
        return result
    }

    /// The signal handler (see the type's description). Written for a crashed process: reads what
    /// install and register prepared, makes only async-signal-safe calls.
    private static let handler: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = {
        signal, info, _ in
        guard let state = CrashGuard.state else { return }
        let count = state.pointee.backtrace(state.pointee.frames, state.pointee.frameCapacity)
        var culprit = -1
        var index = 0
        while culprit < 0 && index < Int(count) {
            let address = UInt(bitPattern: state.pointee.frames[index])
            var range = 0
            while range < state.pointee.rangeCount {
                let candidate = state.pointee.ranges[range]
                if address >= candidate.start && address < candidate.end {
                    culprit = candidate.plugin
                    break
                }
                range += 1
            }
            index += 1
        }
        let descriptor = open(state.pointee.recordPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        if descriptor >= 0 {
            let record = culprit >= 0 ? state.pointee.records[culprit] ?? state.pointee.noPlugin : state.pointee.noPlugin
            _ = write(descriptor, record, strlen(record))
            var digits: (CChar, CChar, CChar, CChar) = (0, 0, 0, 10)
            var value = max(0, min(Int(signal), 999))
            digits.2 = CChar(48 + value % 10)
            value /= 10
            digits.1 = CChar(48 + value % 10)
            value /= 10
            digits.0 = CChar(48 + value % 10)
            withUnsafeBytes(of: &digits) { _ = write(descriptor, $0.baseAddress, 4) }
            close(descriptor)
        }
        // Back to what was there before; a fault happens again on return, a sent signal is sent again.
        sigaction(signal, state.pointee.previous + Int(signal), nil)
        if let info, info.pointee.si_code <= 0 {
            raise(signal)
        }
    }
}
