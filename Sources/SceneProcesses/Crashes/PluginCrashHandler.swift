import CSceneSignals
import Glibc

/// The scene process's side of a crash report: once its plugin is loaded, a handler of fatal signals
/// (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE) writes the plugin's frames on the crashed
/// main thread's stack as one ``PluginCrashFrames`` line on standard error, which the board reads.
/// The signal then goes on as before — to the Swift runtime's handler when there is one and the
/// process is not sandboxed (the runtime's backtracer cannot run in the sandbox) — and the process
/// ends by it.
public enum PluginCrashHandler {
    /// Where a library is mapped in this process: the address of its file's offset 0 and the range
    /// of its code.
    public struct Mapping: Equatable, Sendable {
        public var base: UInt
        public var code: Range<UInt>

        public init(base: UInt, code: Range<UInt>) {
            self.base = base
            self.code = code
        }
    }

    /// `path`'s mapping in `maps` (the text of `/proc/self/maps`), nil when it is not mapped.
    public static func mapping(of path: String, in maps: String) -> Mapping? {
        var base: UInt?
        var code: Range<UInt>?
        for line in maps.split(separator: "\n") {
            // start-end perms offset dev inode path
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6, fields[5].trimmingLeadingSpaces == path else { continue }
            let bounds = fields[0].split(separator: "-")
            guard bounds.count == 2, let start = UInt(bounds[0], radix: 16), let end = UInt(bounds[1], radix: 16),
                let offset = UInt(fields[2], radix: 16)
            else { continue }
            if offset == 0 { base = min(base ?? start, start) }
            if fields[1].contains("x") {
                code = code.map { min($0.lowerBound, start)..<max($0.upperBound, end) } ?? start..<end
            }
        }
        guard let base, let code else { return nil }
        return Mapping(base: base, code: code)
    }

    /// Whether this process runs ThreadSanitizer's runtime (a `--sanitize=thread` build), which
    /// delivers signals through its own handler: there a trapped scene process with this handler
    /// installed did not always end by its signal (in one run of three its libdispatch manager
    /// thread faulted in TSan's emulation instead, and the process never ended), so the handler is
    /// not installed and the crash is reported without its frame.
    public static var underThreadSanitizer: Bool { dlsym(nil, "__tsan_init") != nil }

    /// Installs the handler for the plugin at `path` (as it was passed to `dlopen`, links resolved),
    /// read from this process's maps. Call it on the main thread, after the plugin loaded and after
    /// ``SceneSandbox/apply(_:)`` if at all. Returns false when the plugin is not mapped, a
    /// signal's handler could not be set, or ``underThreadSanitizer``.
    @discardableResult
    public static func install(pluginPath path: String) -> Bool {
        guard !underThreadSanitizer else { return false }
        guard let file = fopen("/proc/self/maps", "r") else { return false }
        defer { fclose(file) }
        var text: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while case let count = chunk.withUnsafeMutableBytes({ fread($0.baseAddress, 1, $0.count, file) }), count > 0 {
            text += chunk[..<count]
        }
        guard let mapping = mapping(of: path, in: String(decoding: text, as: UTF8.self)) else { return false }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return scene_crash_install(name, mapping.base, mapping.code.lowerBound, mapping.code.upperBound, SceneSandbox.isApplied ? 0 : 1) == 0
    }
}

extension Substring {
    fileprivate var trimmingLeadingSpaces: Substring { drop { $0 == " " } }
}
