import Dispatch
import Foundation
public import SceneRender
import SceneSync
import Synchronization

/// The desktop display: SDL on a thread of its own, one desktop window per scene, input out, frames in.
///
///     owner (main thread)                         display thread (SDL, started by ``start()``)
///     send(.open/.close/.raise/…) ──▶ channel ──▶ SDL_WaitEvent wakes, carries them out
///     present(window, frame)      ──▶ newest frame per window ──▶ copied to the window, presented
///     takeEvents()  ◀── bounded queue ◀── fingers, keys, text, focus (SDL timestamps kept)
///
/// Nothing here makes the owner wait on SDL: sending appends under a short lock; events are taken
/// when `wake` (called on the display thread when the queue stops being empty) has scheduled the
/// owner. The display thread never touches the owner's model: it only sees commands, immutable
/// frames (``SceneRender/PixelImage``) and SDL. All members are safe from any thread.
public final class DisplayServer: Sendable {
    public let options: DisplayOptions
    let channel = DisplayChannel()
    let events: DisplayEventQueue
    let counters = CheckedMutex(DisplayStatistics())
    private let started = Atomic(false)
    /// Signalled once when the display thread has ended.
    let finished = DispatchSemaphore(value: 0)

    /// - Parameter wake: called on the display thread when events wait and none did before; it
    ///   should schedule the owner to call ``takeEvents()`` (on Linux, `DispatchQueue.main.async`).
    public init(options: DisplayOptions, wake: @escaping @Sendable () -> Void) {
        self.options = options
        events = DisplayEventQueue(capacity: options.queueCapacity, wake: wake)
        counters.withLock { $0.queueCapacity = options.queueCapacity }
    }

    /// Starts the display thread; it reports ``DisplayEvent/ready(_:)`` or ``DisplayEvent/failed(_:)``
    /// first. Only the first call does anything.
    public func start() {
        guard !started.exchange(true, ordering: .sequentiallyConsistent) else { return }
        let thread = Thread { [self] in
            DisplayLoop(server: self).run()
            finished.signal()
        }
        thread.name = "scenehost-display"
        thread.start()
    }

    /// Asks the display thread to do something (in order).
    public func send(_ command: DisplayCommand) {
        channel.send(command)
    }

    /// Hands a frame of `window` to the display thread: `image` is the window's whole content and
    /// `damage` the pixels that changed since the previous frame handed over. A frame not yet
    /// presented is replaced (their damage adds up). `inputSerial` is the last input event handled
    /// before the frame was rendered (for input-to-photon figures).
    public func present(_ window: DisplayWindowID, image: PixelImage, damage: [PixelRect], inputSerial: UInt64) {
        channel.present(window, image: image, damage: damage, inputSerial: inputSerial)
    }

    /// Input events up to `serial` were handled and changed nothing on the screen: they are not
    /// counted as input-to-photon samples.
    public func inputsShowedNothing(through serial: UInt64) {
        channel.acknowledge(through: serial)
    }

    /// The owner has handled the input events up to `serial`: delivered them and acted on what they
    /// changed (text input on or off above all). Until it says so after an input that could change
    /// where text goes (anything but a move) while text input is off, the display thread reads no
    /// more desktop events (at most ``DisplayOptions/inputWaitLimit`` seconds), so that keys typed
    /// right after a tap on a text field are read as text. Call it after each batch of
    /// ``takeEvents()``, once what the batch changed has been sent.
    public func inputsHandled(through serial: UInt64) {
        channel.inputsHandled(through: serial)
    }

    /// Every event waiting, oldest first.
    public func takeEvents() -> [DisplayEvent] {
        events.take()
    }

    /// Events waiting to be taken.
    public var queuedEventCount: Int { events.count }

    /// Whether a frame handed over waits to be presented.
    public var hasPendingFrame: Bool { channel.hasPendingFrames }

    /// Counters and latency samples so far.
    public var statistics: DisplayStatistics {
        var result = counters.withLock { $0 }
        result.queued = events.count
        result.queuePeak = events.peak
        result.queueFullWaits = events.fullWaits
        result.framePending = channel.hasPendingFrames
        return result
    }

    /// Stops the display thread: it closes its windows and shuts SDL down. Events are no longer
    /// delivered. Returns at once.
    public func stop() {
        events.close()
        channel.quit()
    }

    /// Blocks the calling thread until the display thread has shut SDL down (after ``stop()``), at
    /// most `timeout` seconds; true when it has. For the end of a process and for tests — a host
    /// calls it only after its main loop has returned.
    public func waitUntilStopped(timeout: Double) -> Bool {
        guard started.load(ordering: .sequentiallyConsistent) else { return true }
        guard finished.wait(timeout: .now() + timeout) == .success else { return false }
        finished.signal()
        return true
    }
}
