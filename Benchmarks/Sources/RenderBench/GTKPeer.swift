import BenchSupport
import Foundation
import Glibc

/// The GTK 4 peer (Benchmarks/GTKPeer/render_peer.c): compiled with gcc against the installed GTK 4,
/// started under Xvfb with `GSK_RENDERER=cairo GTK_A11Y=none`, and asked over a pipe for timed
/// batches of full frames and PNG encodings, so that its trials interleave with SceneRender's.
///
/// Unavailable (with the reason) when `pkg-config gtk4`, gcc or xvfb-run is missing.
@MainActor
final class GTKPeer {
    /// What it said when it was ready ("ready 482 widgets, renderer GskCairoRenderer, root 390x844").
    let banner: String
    let gtkVersion: String
    private let process: Process
    private let input: FileHandle
    private var reader: LineReader

    enum Unavailable: Error, CustomStringConvertible {
        case missing(String)
        case failed(String)

        var description: String {
            switch self {
            case .missing(let what): "the GTK peer is skipped: \(what)"
            case .failed(let what): "the GTK peer failed: \(what)"
            }
        }
    }

    /// Compiles the peer into `buildDirectory` and starts it on `treeFile`.
    convenience init(source: String, buildDirectory: String, treeFile: String) throws {
        try self.init(source: source, buildDirectory: buildDirectory, argument: treeFile)
    }

    /// Compiles the peer at `source` (a C file; the program is named after it) into `buildDirectory`
    /// and starts it with its one `argument`.
    init(source: String, buildDirectory: String, argument: String) throws {
        guard let version = GTKPeer.shell("pkg-config --modversion gtk4 2>/dev/null"), !version.isEmpty else {
            throw Unavailable.missing("GTK 4's development files are not installed (`apt-get install libgtk-4-dev`)")
        }
        gtkVersion = version
        guard GTKPeer.shell("command -v gcc") != nil else { throw Unavailable.missing("gcc is not installed") }
        guard GTKPeer.shell("command -v xvfb-run") != nil else {
            throw Unavailable.missing("xvfb-run is not installed (`apt-get install xvfb xauth`)")
        }
        let name = source.split(separator: "/").last.map { String($0.dropLast(source.hasSuffix(".c") ? 2 : 0)) } ?? "peer"
        let binary = buildDirectory + "/" + name
        try? FileManager.default.createDirectory(atPath: buildDirectory, withIntermediateDirectories: true)
        let compile = "gcc -O2 -Wall -o '\(binary)' '\(source)' $(pkg-config --cflags --libs gtk4) 2>&1"
        guard let output = GTKPeer.shell(compile + "; echo \"rc=$?\""), output.hasSuffix("rc=0") else {
            throw Unavailable.failed("`\(compile)` did not build")
        }
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xvfb-run", "-a", "-s", "-screen 0 1024x1024x24", binary, argument]
        var environment = ProcessInfo.processInfo.environment
        environment["GSK_RENDERER"] = "cairo"
        environment["GTK_A11Y"] = "none"
        environment["GDK_BACKEND"] = "x11"
        process.environment = environment
        let toPeer = Pipe(), fromPeer = Pipe()
        process.standardInput = toPeer
        process.standardOutput = fromPeer
        try process.run()
        input = toPeer.fileHandleForWriting
        reader = LineReader(fd: fromPeer.fileHandleForReading.fileDescriptor)
        guard let line = reader.next(), line.hasPrefix("ready") else {
            throw Unavailable.failed("it did not start (see its messages above)")
        }
        banner = line
    }

    /// `frames` full frames; CPU ns per frame, building the nodes, rendering, and the node count.
    func fullFrames(_ frames: Int) throws -> (total: Double, build: Double, render: Double, nodes: Int) {
        let fields = try ask("full \(frames)", expect: "full")
        guard fields.count == 5, let total = Double(fields[1]), let build = Double(fields[2]), let render = Double(fields[3]),
            let nodes = Int(fields[4])
        else { throw Unavailable.failed("unexpected answer \(fields)") }
        return (total, build, render, nodes)
    }

    /// `times` encodings of the raw pixels in `file`; CPU ns per encoding and the PNG's size.
    func encodePNG(file: String, width: Int, height: Int, times: Int) throws -> (nanos: Double, bytes: Int) {
        let fields = try ask("png \(file) \(width) \(height) \(times)", expect: "png")
        guard fields.count == 3, let nanos = Double(fields[1]), let bytes = Int(fields[2]) else {
            throw Unavailable.failed("unexpected answer \(fields)")
        }
        return (nanos, bytes)
    }

    /// The list peer's `frames` frames scrolled to `start + i · delta` (i = 1…frames): CPU ns per frame
    /// (laying out, building the nodes, rendering), the row widgets alive and the row at the top after.
    func scrollFrames(start: Double, delta: Double, frames: Int) throws -> (total: Double, layout: Double, build: Double, render: Double, rowWidgets: Int, topRow: Int) {
        let fields = try ask("scroll \(start) \(delta) \(frames)", expect: "scroll")
        guard fields.count == 7, let total = Double(fields[1]), let layout = Double(fields[2]), let build = Double(fields[3]),
            let render = Double(fields[4]), let widgets = Int(fields[5]), let top = Int(fields[6])
        else { throw Unavailable.failed("unexpected answer \(fields)") }
        return (total, layout, build, render, widgets, top)
    }

    /// Saves one of its full frames as PNG.
    func save(to path: String) throws {
        _ = try ask("save \(path)", expect: "saved")
    }

    func stop() {
        try? input.write(contentsOf: Data("quit\n".utf8))
        try? input.close()
        process.waitUntilExit()
    }

    private func ask(_ command: String, expect: String) throws -> [Substring] {
        try input.write(contentsOf: Data((command + "\n").utf8))
        guard let line = reader.next() else { throw Unavailable.failed("it stopped answering after `\(command)`") }
        let fields = line.split(separator: " ")
        guard fields.first.map(String.init) == expect else { throw Unavailable.failed("`\(command)` answered `\(line)`") }
        return fields
    }

    /// Runs `command` with /bin/sh; its trimmed standard output, or nil when it failed.
    static func shell(_ command: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 || command.contains("echo \"rc=") else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Lines from a file descriptor (blocking reads).
struct LineReader {
    let fd: Int32
    private var buffer: [UInt8] = []

    init(fd: Int32) {
        self.fd = fd
    }

    mutating func next() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 10) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(fd, &chunk, chunk.count)
            if count <= 0 { return nil }
            buffer.append(contentsOf: chunk[..<count])
        }
    }
}
