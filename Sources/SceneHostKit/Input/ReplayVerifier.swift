import DBusKit
import Foundation
import SceneBusContract

/// `scene-host --input FILE --verify`: compares the signals the host emits while it replays a
/// recording with the ones the recording kept (its `#> ` lines), touch numbers aside, and names the
/// first difference — the signal's place, the input line delivered before it, what was recorded and
/// what came.
///
/// It listens to the host's own signals on the host's own connection, subscribed before the script
/// starts. When the script has ended it waits until as many signals as recorded have arrived (at most
/// ``tailTimeout`` seconds), then ``settleTime`` more for any extra, then makes a round trip to the bus
/// (everything the host sent before it has then come back), and reports. Main actor; no waiting on the
/// main thread (timers and the bus's replies drive it).
@MainActor
final class ReplayVerifier {
    let file: String
    private let expected: [String]
    private var received: [(text: String, afterInput: String)] = []
    private var lastInput = ""
    /// `Input` signals of the set-up commands still to come: the set-up's signals are not compared.
    private var setupInputs: Int
    /// Whether signals are compared: from the start without a set-up, else from the first recorded
    /// input on.
    private var comparing: Bool
    private var subscription: MatchSubscription?
    /// The host's connection, once the script has ended.
    private var connection: BusConnection?
    private var settling = false
    private var concluding = false
    private var completion: (@MainActor (SignalRecording.Divergence?) -> Void)?

    /// How long to wait after the script for the recorded signals to come.
    static let tailTimeout = 10.0
    /// How long to wait after the last recorded signal for extra ones.
    static let settleTime = 0.3

    init(script: InputScript) {
        file = script.file
        expected = script.recordedSignals.map(\.text)
        setupInputs = script.commands.prefix(script.setupCommands).count { entry in
            if case .record = entry.command { true } else { false }
        }
        comparing = setupInputs == 0
    }

    /// The number of signals the recording kept.
    var expectedCount: Int { expected.count }

    /// Subscribes to the host's signals on `connection` (the host's own).
    func subscribe(_ connection: BusConnection) async throws {
        let rule = MatchRule.signal(sender: SceneBusContract.busName, interface: SceneBusContract.hostInterface)
        subscription = try await connection.addMatch(rule) { [weak self] message in
            self?.receive(HostSignal(message))
        }
    }

    private func receive(_ signal: HostSignal) {
        guard !concluding else { return }
        if signal.name == "Input" {
            if setupInputs > 0 {
                setupInputs -= 1
                return
            }
            comparing = true
            if case .string(let record)? = signal["record"] { lastInput = record }
            return
        }
        guard comparing else { return }
        received.append((SignalRecording.line(for: signal), lastInput))
        if connection != nil, received.count == expected.count { settle() }
    }

    /// The script has ended: reports the comparison to `completion` once the signals are in.
    func scriptEnded(connection: BusConnection, completion: @escaping @MainActor (SignalRecording.Divergence?) -> Void) {
        self.connection = connection
        self.completion = completion
        if received.count >= expected.count {
            settle()
        } else {
            DispatchQueue.main.asyncAfter(deadline: .now() + Self.tailTimeout) { [weak self] in
                MainActor.assumeIsolated { self?.settle() }
            }
        }
    }

    /// Waits ``settleTime`` for extra signals, then concludes (once).
    private func settle() {
        guard !settling else { return }
        settling = true
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.settleTime) { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                Task { @MainActor in await self.conclude() }
            }
        }
    }

    private func conclude() async {
        // A round trip on the host's connection: every signal it sent before is back by the reply.
        if let connection {
            _ = try? await connection.call(
                destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "GetId", timeout: .seconds(5))
        }
        concluding = true
        subscription?.cancel()
        completion?(SignalRecording.firstDivergence(expected: expected, got: received))
        completion = nil
    }
}
