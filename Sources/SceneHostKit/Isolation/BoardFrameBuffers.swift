import SceneChannel

/// The board's side of a scene process's frame buffers: each window's buffers by slot, who holds
/// each slot (``FrameSlots``, checked against every `attachBuffer` and `frame`), and the slot of the
/// picture shown. A value, generic over the buffer (a ``MappedFrameBuffer`` in the board) so that the
/// protocol's bookkeeping can be tested without a process.
///
/// The board holds exactly one slot per window, the newest picture's, from its `frame` until a newer
/// frame is shown: the stand-in draws from that slot whenever a renderer redraws part of the window
/// (``StandInPicture``), and the scene draws the next picture into a slot it holds.
struct BoardFrameBuffers<Buffer> {
    /// Every slot number a `frame` can name (the wire's is one byte); a scene process uses two.
    static var slotNumbers: Int { Int(UInt8.max) + 1 }

    private var buffers: [UInt32: [UInt8: Buffer]] = [:]
    private var slots: [UInt32: FrameSlots] = [:]
    private var shownSlots: [UInt32: UInt8] = [:]

    /// What a `frame` did.
    enum FrameOutcome: Equatable {
        /// Not shown: it named a slot the scene does not hold (never attached, or still the
        /// board's), which breaks the slot protocol.
        case refused
        /// The slot is the one shown now; `release`, the slot shown before, is the scene's again
        /// and is to be released to it once the stand-in shows the new one (nil: none).
        case shown(release: UInt8?)
    }

    /// `attachBuffer`: `buffer` is slot `slot` of `window`, the scene's. False, with nothing kept,
    /// when that slot is attached already.
    mutating func attach(_ buffer: Buffer, window: UInt32, slot: UInt8) -> Bool {
        guard (try? slots[window, default: FrameSlots(count: Self.slotNumbers)].attach(slot)) != nil else { return false }
        buffers[window, default: [:]][slot] = buffer
        return true
    }

    /// `frame`: the scene hands `slot` of `window` over; the board keeps only the newest picture.
    mutating func takeFrame(window: UInt32, slot: UInt8) -> FrameOutcome {
        guard buffers[window]?[slot] != nil, (try? slots[window]?.handOver(slot)) != nil else { return .refused }
        let previous = shownSlots[window]
        shownSlots[window] = slot
        guard let previous, (try? slots[window]?.release(previous)) != nil else { return .shown(release: nil) }
        return .shown(release: previous)
    }

    /// `detachWindow`: the window's buffers are gone (the scene makes new ones, of another size).
    mutating func detach(window: UInt32) {
        buffers[window] = nil
        slots[window] = nil
        shownSlots[window] = nil
    }

    /// The buffer of the window's newest picture (the slot the board holds); nil before its first
    /// frame.
    func shownBuffer(window: UInt32) -> Buffer? {
        shownSlots[window].flatMap { buffers[window]?[$0] }
    }

    /// The slot of the window's newest picture.
    func shownSlot(window: UInt32) -> UInt8? { shownSlots[window] }

    /// Who holds `slot` of `window`, as the board sees it.
    func holder(window: UInt32, slot: UInt8) -> FrameSlots.Holder? { slots[window]?.holder(of: slot) }
}
