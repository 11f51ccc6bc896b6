import DBusKit
import SceneDisplay

/// `Host1.DisplayStatistics`: what the desktop display did, as `a{sv}`, for benchmarks, idle checks
/// and people. Without a display, `display` is `off` and the counters are 0.
///
/// | key | type | |
/// |---|---|---|
/// | `display` | s | `off`, `starting`, or SDL's video driver (`x11`, `wayland`) |
/// | `windows` | u | desktop windows open |
/// | `input-events` | t | input events the display thread posted (fingers, keys, text, focus) |
/// | `moves` | t | pointer and touchscreen moves among them |
/// | `moves-delivered` | t | moves delivered to the model |
/// | `out-of-order` | t | input events delivered with a serial not above the previous one (always 0) |
/// | `queued` | u | events waiting between the threads now |
/// | `queue-peak` | u | the most that ever waited |
/// | `queue-capacity` | u | the queue's bound |
/// | `frames` | t | frames presented |
/// | `frames-coalesced` | t | frames replaced before they were presented |
/// | `frame-owed` | b | a change waits to be presented |
/// | `input-waits` | t | inputs (taps, keys, focus changes while text input was off) after which the display thread waited for the model before reading more, so that keys typed next are read as text when the input started editing |
/// | `input-wait-timeouts` | t | those waits that ran out (the main thread was stalled for a second) |
/// | `latencies` | ad | input to photon, seconds: from a finger's down or up arriving in the display thread to the presentation of the first frame rendered after it, the last 10,000 |
@MainActor
enum DisplayStatisticsReport {
    static func describe(_ host: SceneHost) -> BusValue {
        guard let display = host.desktop else {
            return .variantDictionary([("display", .string("off"))] + zeros)
        }
        let statistics = display.server.statistics
        let pending = display.pendingWork
        return .variantDictionary([
            ("display", .string(statistics.driver.isEmpty ? "starting" : statistics.driver)),
            ("windows", .uint32(UInt32(clamping: statistics.windows))),
            ("input-events", .uint64(statistics.inputEvents)),
            ("moves", .uint64(statistics.moves)),
            ("moves-delivered", .uint64(display.movesDelivered)),
            ("out-of-order", .uint64(display.outOfOrderInputs)),
            ("queued", .uint32(UInt32(clamping: statistics.queued))),
            ("queue-peak", .uint32(UInt32(clamping: statistics.queuePeak))),
            ("queue-capacity", .uint32(UInt32(clamping: statistics.queueCapacity))),
            ("frames", .uint64(statistics.framesPresented)),
            ("frames-coalesced", .uint64(statistics.framesCoalesced)),
            ("frame-owed", .bool(pending.frameOwed)),
            ("input-waits", .uint64(statistics.inputWaits)),
            ("input-wait-timeouts", .uint64(statistics.inputWaitTimeouts)),
            ("latencies", .array(element: .double, statistics.inputToPhotonLatencies.map(BusValue.double))),
        ])
    }

    private static let zeros: [(String, BusValue)] = [
        ("windows", .uint32(0)), ("input-events", .uint64(0)), ("moves", .uint64(0)), ("moves-delivered", .uint64(0)),
        ("out-of-order", .uint64(0)), ("queued", .uint32(0)), ("queue-peak", .uint32(0)), ("queue-capacity", .uint32(0)),
        ("frames", .uint64(0)), ("frames-coalesced", .uint64(0)), ("frame-owed", .bool(false)),
        ("input-waits", .uint64(0)), ("input-wait-timeouts", .uint64(0)),
        ("latencies", .array(element: .double, [])),
    ]
}
