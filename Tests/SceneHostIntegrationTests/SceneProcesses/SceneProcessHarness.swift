import Foundation
import Glibc
import SceneChannel
import SceneHostKit
import SceneProcesses

/// The board's end of one scene process, for tests: starts `scene-host --scene-process PLUGIN`,
/// waits for messages or for the end with a deadline (a guard against a hang, scaled like the
/// others: five AddressSanitizer scene processes starting at once beside the other integration
/// suites and stress-ng took over 30 s to say hello in proof P97). Blocking: use it on a thread of
/// its own (``offPool(_:)``), never on the cooperative pool or the main actor.
final class SceneProcessHarness {
    let process: LaunchedSceneProcess
    private(set) var connection: ChannelConnection?
    private(set) var received: [ChannelEnvelope] = []
    private(set) var closed = false

    /// The read end of the process's standard error.
    private let errorOutput: Int32
    private var errorBytes: [UInt8] = []

    /// `arguments` follow the plugin, name and frame; `environment` changes the test's own.
    init(plugin: String, scene: String = "isolated", frame: String = "0,0,390,844", arguments: [String] = [], environment changes: [String: String] = [:]) throws {
        let (board, child) = try ChannelSocket.pair()
        var environment = headlessEnvironment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        environment.merge(changes) { _, new in new }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw SceneProcessError(call: "pipe", errno: errno) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        defer { close(ends[1]) }
        errorOutput = ends[0]
        process = try SceneProcessLauncher.launch(
            executable: buildFolder() + "/scene-host",
            arguments: ["--scene-process", buildFolder() + "/lib\(plugin).so", "--scene-name", scene, "--scene-frame", frame] + arguments,
            channel: child.descriptor.rawValue, environment: environment.map { "\($0.key)=\($0.value)" }, standardError: ends[1])
        connection = ChannelConnection(socket: board)
    }

    deinit {
        close(errorOutput)
    }

    /// What the process has written to its standard error so far.
    var standardError: String {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(errorOutput, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            errorBytes += chunk[0..<count]
        }
        return String(decoding: errorBytes, as: UTF8.self)
    }

    /// Asks query `code` with `body` (id `id`) and waits for its answer: the reply's body, or the
    /// failure's message as an error.
    func ask(_ code: UInt16, _ body: [UInt8], id: UInt64, timeout: Double = SanitizedRun.seconds(30)) throws -> Result<[UInt8], SceneQueryFailed> {
        try send(.query(id: id, code: code, body: body))
        var answer: Result<[UInt8], SceneQueryFailed>?
        try receive(timeout: timeout) { envelopes in
            for envelope in envelopes {
                switch envelope.message {
                case .reply(id, let body): answer = .success(body)
                case .failure(id, let code, let message): answer = .failure(SceneQueryFailed(code: code, message: message))
                default: continue
                }
            }
            return answer != nil
        }
        return answer ?? .failure(SceneQueryFailed(code: 0, message: "no answer in \(timeout) s"))
    }

    /// Sends a touch record as input `id` and waits for its outcome.
    func touch(_ record: SceneTouchRecord, id: UInt64, timeout: Double = SanitizedRun.seconds(30)) throws -> SceneTouchOutcome? {
        try send(.input(id: id, code: SceneInputCode.touch, body: record.body))
        var outcome: SceneTouchOutcome?
        try receive(timeout: timeout) { envelopes in
            for envelope in envelopes {
                if case .inputDone(id, let body) = envelope.message { outcome = try? SceneTouchOutcome(body: body) }
            }
            return outcome != nil
        }
        return outcome
    }

    /// Sends `message` now.
    func send(_ message: ChannelMessage) throws {
        try connection?.send(message)
        try connection?.flush()
    }

    /// Reads until `done` says the messages so far are enough, the channel closes, or `timeout`
    /// seconds pass. Returns whether `done` was met.
    @discardableResult
    func receive(timeout: Double = SanitizedRun.seconds(30), until done: ([ChannelEnvelope]) -> Bool) throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !done(received) {
            guard !closed, let connection, Date() < deadline else { return false }
            var poller = pollfd(fd: connection.socket.descriptor.rawValue, events: Int16(POLLIN), revents: 0)
            _ = poll(&poller, 1, 100)
            let batch = try connection.receiveAvailable()
            received += batch.envelopes
            if batch.closed { closed = true }
        }
        return true
    }

    /// Waits (at most `timeout` seconds) for the process to end, watching its pidfd as the board does.
    func waitForEnd(timeout: Double = SanitizedRun.seconds(30)) -> SceneExit? {
        var poller = pollfd(fd: process.pidDescriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(timeout * 1000)) == 1 else { return nil }
        return process.reap()
    }

    /// Lets the scene process go: the board's end closes.
    func closeChannel() {
        connection = nil
    }

    /// The frames received so far, as (window, slot) with their damage.
    var frames: [(window: UInt32, slot: UInt8, damage: [DamageRect])] {
        received.compactMap { envelope in
            if case .frame(let window, let slot, let damage) = envelope.message { (window, slot, damage) } else { nil }
        }
    }

    /// The buffer attached for `window`'s `slot`, mapped read-only as the board maps it.
    func buffer(window: UInt32, slot: UInt8) throws -> MappedFrameBuffer? {
        for envelope in received {
            if case .attachBuffer(window, slot, let format) = envelope.message, let descriptor = envelope.attachment {
                return try MappedFrameBuffer(mapping: descriptor, format: format, access: .readOnly)
            }
        }
        return nil
    }
}

/// A query's failure, as the scene process sent it.
struct SceneQueryFailed: Error, Equatable {
    let code: UInt16
    let message: String
}
