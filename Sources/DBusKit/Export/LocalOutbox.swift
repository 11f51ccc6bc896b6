/// A ``LocalObjectServer``'s outlet: every message it sends leaves at once, marshalled, through the
/// server's output. Main actor.
@MainActor
final class LocalOutbox: DispatchOutlet {
    private let output: @MainActor ([UInt8]) -> Void
    private var nextSerial: UInt32
    private var turnScheduled = false
    /// Serves another round (set by the server).
    var serve: @MainActor () -> Void = {}

    init(firstSerial: UInt32, output: @escaping @MainActor ([UInt8]) -> Void) {
        nextSerial = max(1, firstSerial)
        self.output = output
    }

    func takeSerial() -> UInt32 {
        let serial = nextSerial
        nextSerial = nextSerial == UInt32.max ? 1 : nextSerial + 1
        return serial
    }

    func send(wire bytes: [UInt8]) {
        output(bytes)
    }

    @discardableResult
    func send(_ message: BusMessage) throws -> UInt32 {
        message.assignSerialIfNone(takeSerial())
        message.seal()
        let bytes = try message.marshalled()
        output(bytes)
        return message.serial
    }

    var hasPendingOutput: Bool { false }
    var socketIsWritable: Bool { true }
    var queuedByteCount: Int { 0 }

    func scheduleTurn() {
        guard !turnScheduled else { return }
        turnScheduled = true
        Task { @MainActor in
            self.turnScheduled = false
            self.serve()
        }
    }
}
