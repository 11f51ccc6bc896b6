import ArgumentParser
import DBusKit
import Foundation
import Glibc
import SceneBusContract

/// `scenectl record [-o FILE]`: the host's real input as an input script, with the signals it caused.
struct RecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record the host's real input (and its signals) as a replayable input script.",
        discussion: """
            Writes every piece of device input the host receives — a desktop window's fingers, keys, \
            typed text and focus changes (the Input signal) — as a line of an input script, with \
            `wait` lines for the time between them, and every signal the host emits after the first \
            input as a `#> ` comment line. The file replays with `scene-host --input FILE`, which \
            delivers the same records through the same path; `scene-host --input FILE --verify` \
            also compares the signals it emits with the `#> ` lines and reports the first difference, \
            so a recorded session doubles as a regression test. Record from a host that just \
            started (and replay on the same configuration) for an exact replay: the replay starts \
            from a fresh host.

            Ends on Ctrl-C (SIGINT) or SIGTERM (exit status 0, the file complete), after --count \
            inputs or --timeout seconds; exit status 69 when the host's bus goes away.

            Examples:
              scenectl record -o session.txt        # use the windows, then Ctrl-C
              scene-host --input session.txt --verify
            """)

    static let setupTimeout = 30.0

    @OptionGroup var connection: ConnectionOptions

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Where to write the script ('-' or none: standard output).", valueName: "file"))
    var output: String?

    @Option(help: ArgumentHelp("Stop after this many inputs.", valueName: "n"))
    var count: Int?

    @Option(help: ArgumentHelp("Stop (status 0) after this many seconds.", valueName: "seconds"))
    var timeout: Double?

    @Flag(help: "Print \"scenectl: recording …\" on stderr once subscribed (for scripts that start a recording in the background).")
    var ready = false

    func validate() throws {
        if let count, count < 1 {
            throw ValidationError("--count \(count) is not a number of inputs ≥ 1")
        }
        if let timeout {
            guard timeout.isFinite, timeout > 0 else {
                throw ValidationError("--timeout \(timeout) is not a number of seconds > 0")
            }
        }
        if output?.isEmpty == true {
            throw ValidationError("-o is empty; give a file name, or - for standard output")
        }
    }

    @MainActor
    func run() async throws {
        let sink: OutputSink
        if let output, output != "-" {
            let descriptor = open(output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw CommandRunner.report(ScenectlError.usage("cannot write \(output): \(String(cString: strerror(errno)))"))
            }
            sink = OutputSink(descriptor: descriptor, flushEachLine: true)
        } else {
            sink = OutputSink.standardOutput()
        }
        defer { if sink.descriptor != STDOUT_FILENO { close(sink.descriptor) } }
        let session = WatchSession(printer: RecordPrinter(), limit: count, sink: sink)
        let date = ISO8601DateFormatter().string(from: Date())
        let ending = try await session.run(
            connection, setupTimeout: Self.setupTimeout, timeout: timeout,
            prepare: { client in
                let lines = RecordPrinter.header(source: "\(client.candidate)", date: date) + RecordPrinter.setup(try await client.snapshot())
                for line in lines { sink.writeLine(line) }
            },
            onSubscribed: { candidate in ready ? "recording \(SceneBusContract.busName) on \(candidate)" : nil })
        if let output, output != "-" {
            OutputSink.reportError("recorded \(session.received) input\(session.received == 1 ? "" : "s") to \(output)")
        }
        switch ending {
        case .count, .timeout, .outputClosed, .interrupted:
            return
        case .busLost:
            throw CommandRunner.report(ScenectlError.unavailable("the host's bus went away (the host stopped?)"))
        }
    }
}
