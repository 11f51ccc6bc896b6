import Foundation
import Glibc
import SceneChannel
import SceneProcesses

/// The board's end of one scene process, for tests: starts `scene-host --scene-process PLUGIN`,
/// waits for messages or for the end with a deadline. Blocking: use it on a thread of its own
/// (``offPool(_:)``), never on the cooperative pool or the main actor.
final class SceneProcessHarness {
    let process: LaunchedSceneProcess
    private(set) var connection: ChannelConnection?
    private(set) var received: [ChannelEnvelope] = []
    private(set) var closed = false

    init(plugin: String, scene: String = "isolated", frame: String = "0,0,390,844") throws {
        let (board, child) = try ChannelSocket.pair()
        var environment = headlessEnvironment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process = try SceneProcessLauncher.launch(
            executable: buildFolder() + "/scene-host",
            arguments: ["--scene-process", buildFolder() + "/lib\(plugin).so", "--scene-name", scene, "--scene-frame", frame],
            channel: child.descriptor.rawValue, environment: environment.map { "\($0.key)=\($0.value)" })
        connection = ChannelConnection(socket: board)
    }

    /// Sends `message` now.
    func send(_ message: ChannelMessage) throws {
        try connection?.send(message)
        try connection?.flush()
    }

    /// Reads until `done` says the messages so far are enough, the channel closes, or `timeout`
    /// seconds pass. Returns whether `done` was met.
    @discardableResult
    func receive(timeout: Double = 30, until done: ([ChannelEnvelope]) -> Bool) throws -> Bool {
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
    func waitForEnd(timeout: Double = 30) -> SceneExit? {
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
