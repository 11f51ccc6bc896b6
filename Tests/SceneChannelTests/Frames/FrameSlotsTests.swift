import SceneChannel
import Testing

/// The slot rule: the scene draws only into a slot it holds; a frame hands a slot to the board until
/// the board releases it.
@Suite("Frame slots")
struct FrameSlotsTests {
    @Test("Two slots double-buffer: one shown, one drawn, and none free while both are shown")
    func doubleBuffering() throws {
        var slots = FrameSlots(count: 2)
        #expect(slots.freeSlot == nil, "nothing attached yet")
        try slots.attach(0)
        try slots.attach(1)
        #expect(slots.freeSlot == 0)
        try slots.handOver(0)
        #expect(slots.freeSlot == 1)
        try slots.handOver(1)
        #expect(slots.freeSlot == nil)
        try slots.release(0)
        #expect(slots.freeSlot == 0)
        #expect(slots.holder(of: 1) == .board)
    }

    @Test("Each broken rule is named: no such slot, attached twice, drawn while the board shows it, released twice")
    func violations() throws {
        var slots = FrameSlots(count: 2)
        #expect(throws: FrameSlots.Violation.noSuchSlot(2)) { try slots.attach(2) }
        #expect(throws: FrameSlots.Violation.notHeldByScene(0)) { try slots.handOver(0) }
        try slots.attach(0)
        #expect(throws: FrameSlots.Violation.alreadyAttached(0)) { try slots.attach(0) }
        try slots.handOver(0)
        #expect(throws: FrameSlots.Violation.notHeldByScene(0)) { try slots.handOver(0) }
        try slots.release(0)
        #expect(throws: FrameSlots.Violation.notHeldByBoard(0)) { try slots.release(0) }
    }
}
