internal import CSDL2
import Dispatch
import SceneRender
import SceneSync

/// The way from the owner to the display thread: commands in order, and per window the newest frame
/// to present (a newer frame replaces one not yet presented, and their damage adds up, so frames
/// coalesce when the display is slower than the renderer).
///
/// Senders never wait on SDL: they append under a short lock, and when the display thread is not
/// already due to look, push one SDL user event to wake its `SDL_WaitEvent` (`SDL_PushEvent` is
/// thread-safe). Before SDL has started nothing is pushed; the thread looks once it has. The push
/// happens under the channel's lock, which the display thread takes (without holding any SDL lock)
/// before it shuts SDL down, so no push can race with `SDL_Quit`.
///
/// The way back for one fact: the owner has handled the input events up to a serial
/// (``inputsHandled(through:)``), which the display thread can wait for
/// (``waitUntilHandled(_:timeout:)``) before it reads more events from the desktop.
final class DisplayChannel: Sendable {
    struct PendingFrame: Sendable {
        var image: PixelImage
        var damage: [PixelRect]
        /// The last input event the frame reflects.
        var inputSerial: UInt64
    }

    struct Batch {
        var commands: [DisplayCommand]
        var frames: [DisplayWindowID: PendingFrame]
        var quit: Bool
        /// Input events up to this serial changed nothing on the screen.
        var acknowledged: UInt64
        /// Frames replaced before being presented since the last batch.
        var coalesced: UInt64
    }

    private struct State {
        var commands: [DisplayCommand] = []
        var frames: [DisplayWindowID: PendingFrame] = [:]
        var quit = false
        var acknowledged: UInt64 = 0
        var coalesced: UInt64 = 0
        /// SDL's user event type once SDL started; 0 before.
        var wakeType: UInt32 = 0
        /// A wake-up event is in SDL's queue and not yet handled.
        var wakePending = false
        /// The owner has handled every input event up to this serial.
        var handled: UInt64 = 0
        /// The serial the display thread waits to see handled; nil when it does not wait.
        var awaited: UInt64?
    }

    private let state = CheckedMutex(State())
    /// Signalled once when the owner handles the awaited serial (or quits) while the display thread
    /// waits. A signal that comes after a timeout leaves one count, which the next wait takes and
    /// re-checks: the count never exceeds one.
    private let handledSignal = DispatchSemaphore(value: 0)

    func send(_ command: DisplayCommand) {
        state.withLock { state in
            state.commands.append(command)
            Self.wake(&state)
        }
    }

    func present(_ window: DisplayWindowID, image: PixelImage, damage: [PixelRect], inputSerial: UInt64) {
        state.withLock { state in
            if var pending = state.frames[window] {
                pending.image = image
                pending.damage += damage
                pending.inputSerial = max(pending.inputSerial, inputSerial)
                state.frames[window] = pending
                state.coalesced += 1
            } else {
                state.frames[window] = PendingFrame(image: image, damage: damage, inputSerial: inputSerial)
            }
            Self.wake(&state)
        }
    }

    func acknowledge(through serial: UInt64) {
        state.withLock { state in
            state.acknowledged = max(state.acknowledged, serial)
        }
    }

    /// The owner has handled (delivered to its model, and acted on what that changed, such as text
    /// input) every input event up to `serial`. Frees the display thread if it waits for it.
    func inputsHandled(through serial: UInt64) {
        let release = state.withLock { state -> Bool in
            state.handled = max(state.handled, serial)
            guard let awaited = state.awaited, state.handled >= awaited else { return false }
            state.awaited = nil
            return true
        }
        if release { handledSignal.signal() }
    }

    func quit() {
        let release = state.withLock { state -> Bool in
            state.quit = true
            Self.wake(&state)
            let release = state.awaited != nil
            state.awaited = nil
            return release
        }
        if release { handledSignal.signal() }
    }

    /// Whether a frame waits to be presented.
    var hasPendingFrames: Bool { state.withLock { !$0.frames.isEmpty } }

    // MARK: Display thread

    /// SDL started with `wakeType` registered: from now on senders wake the thread.
    func started(wakeType: UInt32) {
        state.withLock { $0.wakeType = wakeType }
    }

    /// SDL is about to stop: senders no longer wake the thread.
    func stopping() {
        state.withLock { $0.wakeType = 0 }
    }

    /// Blocks the display thread until the owner has handled the input events up to `serial`, the
    /// channel quits, or `timeout` seconds pass; true unless the time ran out. Display thread only.
    func waitUntilHandled(_ serial: UInt64, timeout: Double) -> Bool {
        let deadline = DispatchTime.now() + timeout
        while true {
            let done = state.withLock { state -> Bool in
                if state.handled >= serial || state.quit { return true }
                state.awaited = serial
                return false
            }
            if done { return true }
            if handledSignal.wait(timeout: deadline) == .timedOut {
                // A signal sent between the timeout and this is left for the next wait to re-check.
                let handled = state.withLock { state -> Bool in
                    state.awaited = nil
                    return state.handled >= serial || state.quit
                }
                return handled
            }
        }
    }

    /// Everything sent since the last call.
    func takeBatch() -> Batch {
        state.withLock { state in
            let batch = Batch(
                commands: state.commands, frames: state.frames, quit: state.quit, acknowledged: state.acknowledged,
                coalesced: state.coalesced)
            state.coalesced = 0
            state.commands.removeAll(keepingCapacity: true)
            state.frames.removeAll(keepingCapacity: true)
            state.wakePending = false
            return batch
        }
    }

    /// Wakes the display thread unless SDL is not running or a wake-up is already queued. Called
    /// with the lock held.
    private static func wake(_ state: inout State) {
        guard state.wakeType != 0, !state.wakePending else { return }
        state.wakePending = true
        var event = SDL_Event()
        event.type = state.wakeType
        _ = SDL_PushEvent(&event)
    }
}
