import Foundation
import Glibc
import TestProcesses
import Testing

/// A private X server (Xvfb, 1280 × 1024 × 24, no TCP, no window manager) for one test, and the X
/// tools the desktop tests drive it with: `xdotool` (windows, pointer, keys through XTest — the real
/// X input path) and `xwd` (screenshots). Started by the test, so nothing needs a display on the
/// developer's side; CI installs the tools (`scripts/install-deps`: xvfb xauth xdotool x11-apps).
final class XServer: Sendable {
    static let xvfb = "/usr/bin/Xvfb"
    static let xdotool = "/usr/bin/xdotool"
    static let xwd = "/usr/bin/xwd"

    /// The tools missing on this machine.
    static var missingTools: [String] {
        [(xvfb, "xvfb"), (xdotool, "xdotool"), (xwd, "x11-apps")].filter { access($0.0, X_OK) != 0 }.map { "\($0.0) (\($0.1))" }
    }

    let process: SpawnedProcess
    /// `:N`
    let display: String

    /// Starts Xvfb on a free display number (`-displayfd`) and waits until it accepts clients.
    init() throws {
        let output = try closeOnExecPipe()
        defer { close(output.read) }
        do {
            defer { close(output.write) }
            process = try SpawnedProcess(
                Self.xvfb, ["-displayfd", "1", "-screen", "0", "1280x1024x24", "-nolisten", "tcp", "-noreset"],
                environment: ProcessInfo.processInfo.environment, standardOutput: .descriptor(output.write))
        }
        // Xvfb writes the display number once it is ready (within 30 s, or the test fails).
        var text = ""
        let descriptor = output.read
        let deadline = Date().addingTimeInterval(SanitizedRun.seconds(60))
        while !text.contains("\n"), Date() < deadline {
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 100) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { break }
            text += String(decoding: buffer.prefix(count), as: UTF8.self)
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.signal(SIGKILL)
            throw TimedOut(description: "Xvfb did not report a display number (got '\(text)')")
        }
        display = ":\(number)"
    }

    deinit {
        // No waiting: deinit may run on the main thread. SpawnedProcess reaps it.
        process.signal(SIGKILL)
    }

    /// The environment of a program on this display (no Wayland).
    var environment: [String: String] {
        var environment = headlessEnvironment
        environment["DISPLAY"] = display
        return environment
    }

    /// Runs an X tool to its end.
    @discardableResult
    func run(_ tool: String, _ arguments: [String], timeout: Double = 60) async throws -> ExternalProcess.Outcome {
        let process = try ExternalProcess([tool] + arguments, environment: environment)
        return await process.finish(timeout: timeout)
    }

    /// `xdotool ARGUMENTS…`; records an issue when it fails.
    @discardableResult
    func xdotool(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let outcome = try await run(Self.xdotool, arguments)
        #expect(outcome.status == 0, "xdotool \(arguments.joined(separator: " ")): \(outcome.stderr)", sourceLocation: sourceLocation)
        return outcome.stdout
    }

    /// The windows whose name matches `pattern` (`xdotool search --name`), visible ones only when asked.
    func windows(named pattern: String, onlyVisible: Bool = false) async throws -> [String] {
        let outcome = try await run(Self.xdotool, ["search"] + (onlyVisible ? ["--onlyvisible"] : []) + ["--name", pattern])
        return outcome.stdout.split(separator: "\n").map(String.init)
    }

    /// Waits until `count` windows match `pattern`.
    func waitForWindows(named pattern: String, count: Int, onlyVisible: Bool = false, timeout: Double = 60) async throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var found: [String] = []
        while Date() < deadline {
            found = try await windows(named: pattern, onlyVisible: onlyVisible)
            if found.count == count { return found }
            try await Task.sleep(for: .milliseconds(50))
        }
        return found
    }

    /// A screenshot of the whole screen (`xwd -root`).
    func screenshot() async throws -> XWDImage {
        let file = scratchPath("screen.xwd")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let outcome = try await run(Self.xwd, ["-root", "-silent", "-out", file])
        guard outcome.status == 0, let data = FileManager.default.contents(atPath: file) else {
            throw TimedOut(description: "xwd failed: \(outcome.stderr)")
        }
        return try XWDImage(data)
    }
}

/// An X window dump (`xwd`'s format): a big-endian header, the colour map, then the pixels. True-colour
/// dumps of 24 or 32 bits per pixel (what Xvfb at depth 24 gives) are read.
struct XWDImage {
    let width: Int
    let height: Int
    private let bytesPerLine: Int
    private let littleEndian: Bool
    private let bytesPerPixel: Int
    private let masks: (red: UInt32, green: UInt32, blue: UInt32)
    private let pixels: [UInt8]

    init(_ data: Data) throws {
        let bytes = [UInt8](data)
        func field(_ index: Int) -> UInt32 {
            let offset = index * 4
            return UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
        }
        guard bytes.count >= 100 else { throw TimedOut(description: "xwd output too short (\(bytes.count) bytes)") }
        let headerSize = Int(field(0))
        width = Int(field(4))
        height = Int(field(5))
        littleEndian = field(7) == 0
        let bitsPerPixel = field(11)
        bytesPerLine = Int(field(12))
        masks = (field(14), field(15), field(16))
        let colours = Int(field(19))
        guard bitsPerPixel == 32 || bitsPerPixel == 24 else { throw TimedOut(description: "xwd: \(bitsPerPixel) bits per pixel; expected 24 or 32") }
        bytesPerPixel = Int(bitsPerPixel) / 8
        let start = headerSize + colours * 12
        guard bytes.count >= start + bytesPerLine * height else { throw TimedOut(description: "xwd: truncated pixels") }
        pixels = Array(bytes[start...])
    }

    /// The pixel at (x, y) as 8-bit red, green, blue.
    func rgb(x: Int, y: Int) -> (red: Int, green: Int, blue: Int) {
        let offset = y * bytesPerLine + x * bytesPerPixel
        let b = pixels[offset..<offset + bytesPerPixel].map(UInt32.init)
        let value = (littleEndian ? b : b.reversed()).enumerated().reduce(UInt32(0)) { $0 | $1.element << UInt32(8 * $1.offset) }
        func channel(_ mask: UInt32) -> Int {
            guard mask != 0 else { return 0 }
            return Int((value & mask) >> UInt32(mask.trailingZeroBitCount)) * 255 / Int(mask >> UInt32(mask.trailingZeroBitCount))
        }
        return (channel(masks.red), channel(masks.green), channel(masks.blue))
    }
}
