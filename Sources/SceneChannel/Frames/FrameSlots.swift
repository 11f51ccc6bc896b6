/// Who holds each shared buffer of one window: the scene (drawing, or free to draw) or the board
/// (showing it). A value: the scene's side asks it for a slot to draw into, the board's side checks
/// every `frame` and `releaseBuffer` against it.
///
/// The rule both sides keep: a slot handed over in a `frame` belongs to the board until the board
/// releases it; the scene draws only into a slot it holds. With two slots the scene draws the next
/// picture while the board shows the last (double buffering); with none free it waits for a release
/// and coalesces its damage.
public struct FrameSlots: Hashable, Sendable {
    /// Where a slot is.
    public enum Holder: Hashable, Sendable {
        /// Not attached yet.
        case none
        /// Attached and free to draw into (the scene's).
        case scene
        /// Handed over in a frame and not released (the board's).
        case board
    }

    private(set) var holders: [Holder]

    /// `count` slots, none attached.
    public init(count: Int) {
        holders = Array(repeating: .none, count: count)
    }

    public var count: Int { holders.count }

    public func holder(of slot: UInt8) -> Holder? {
        Int(slot) < holders.count ? holders[Int(slot)] : nil
    }

    /// A slot the scene may draw into now, or nil (all attached slots are with the board).
    public var freeSlot: UInt8? {
        holders.firstIndex(of: .scene).map { UInt8($0) }
    }

    /// What went wrong with a slot message.
    public enum Violation: Error, Hashable, Sendable {
        /// The slot number is past the window's slots.
        case noSuchSlot(UInt8)
        /// The slot is already attached.
        case alreadyAttached(UInt8)
        /// A frame named a slot the scene does not hold (unattached, or still the board's).
        case notHeldByScene(UInt8)
        /// A release named a slot the board does not hold.
        case notHeldByBoard(UInt8)
    }

    /// `attachBuffer`: the slot's buffer exists; the scene holds it.
    public mutating func attach(_ slot: UInt8) throws(Violation) {
        guard let holder = holder(of: slot) else { throw .noSuchSlot(slot) }
        guard holder == .none else { throw .alreadyAttached(slot) }
        holders[Int(slot)] = .scene
    }

    /// `frame`: the scene hands the slot to the board.
    public mutating func handOver(_ slot: UInt8) throws(Violation) {
        guard let holder = holder(of: slot) else { throw .noSuchSlot(slot) }
        guard holder == .scene else { throw .notHeldByScene(slot) }
        holders[Int(slot)] = .board
    }

    /// `releaseBuffer`: the board gives the slot back.
    public mutating func release(_ slot: UInt8) throws(Violation) {
        guard let holder = holder(of: slot) else { throw .noSuchSlot(slot) }
        guard holder == .board else { throw .notHeldByBoard(slot) }
        holders[Int(slot)] = .scene
    }
}
