import Glibc
import SceneChannel
import SceneCore
@testable import SceneHostKit
import SceneRender
import TestSupport
import Testing

/// A stand-in window's picture drawn from the scene process's shared buffer in place: the pixels it
/// shows, what a damaged frame redraws, the differential test against the copy the board made of
/// every frame before, and the board's slot bookkeeping (never a slot the scene may be writing).
@MainActor
@Suite("The stand-in's picture, drawn from the shared buffer")
struct StandInPictureTests {
    /// A frame buffer as both sides map it: the scene's mapping, to write, and the board's,
    /// read-only (what the stand-in draws from).
    struct Slot {
        let scene: MappedFrameBuffer
        let board: MappedFrameBuffer

        init(width: Int, height: Int, padding: Int = 0) throws {
            let format = FrameFormat(width: UInt32(width), height: UInt32(height), stride: UInt32(width * 4 + padding))
            scene = try MappedFrameBuffer(creating: format, name: "stand-in-test")
            board = try MappedFrameBuffer(
                mapping: SharedDescriptor(adopting: dup(scene.descriptor.rawValue)), format: format, access: .readOnly)
        }

        var width: Int { Int(scene.format.width) }
        var height: Int { Int(scene.format.height) }

        /// Writes `picture` (premultiplied, row-major, `width` × `height`) into the buffer, whole.
        func write(_ picture: [UInt32]) {
            let stride = Int(scene.format.stride)
            scene.withUnsafeMutableBytes { bytes in
                for row in 0..<height {
                    for column in 0..<width {
                        bytes.storeBytes(of: picture[row * width + column], toByteOffset: row * stride + column * 4, as: UInt32.self)
                    }
                }
            }
        }
    }

    /// A window of `size` points whose only view is a stand-in picture filling it, with a renderer at
    /// scale 1; or, `reference`, a plain image view (the board's picture before: a copy).
    struct Stage {
        let window: Window
        let picture: ImageView
        let renderer: WindowRenderer

        @MainActor
        init(size: Size, reference: Bool = false) throws {
            window = Window(frame: Rect(origin: .zero, size: size))
            picture = reference ? ImageView(frame: window.bounds) : StandInPicture(frame: window.bounds)
            window.addSubview(picture)
            renderer = try WindowRenderer(window: window, scale: 1)
        }

        var standIn: StandInPicture { picture as! StandInPicture }
    }

    /// A premultiplied pixel: transparent, opaque or of a random alpha, each channel at most its alpha.
    static func randomPixel(_ random: inout SplitMix64) -> UInt32 {
        let alpha = UInt32([0, 255, 255, random.below(256)][random.below(4)])
        let channels = (0..<3).map { _ in UInt32(random.below(Int(alpha) + 1)) }
        return alpha << 24 | channels[0] << 16 | channels[1] << 8 | channels[2]
    }

    /// A random rectangle inside `width` × `height` pixels.
    static func randomRect(_ random: inout SplitMix64, width: Int, height: Int) -> DamageRect {
        let x = random.below(width), y = random.below(height)
        return DamageRect(x: Int32(x), y: Int32(y), width: Int32(1 + random.below(width - x)), height: Int32(1 + random.below(height - y)))
    }

    /// The rendered image's pixels, row-major.
    static func pixels(of image: PixelImage) -> [UInt32] {
        (0..<image.height).flatMap { y in (0..<image.width).map { x in image.pixel(x: x, y: y) } }
    }

    @Test("The stand-in shows exactly the process's pixels, and a damaged frame in the other slot redraws only its damage")
    func exactPixelsAfterDamage() throws {
        var random = SplitMix64(seed: 7)
        let (width, height) = (48, 30)
        let slots = [try Slot(width: width, height: height, padding: 8), try Slot(width: width, height: height, padding: 8)]
        let stage = try Stage(size: Size(width: Double(width), height: Double(height)))
        var picture = (0..<width * height).map { _ in Self.randomPixel(&random) }
        slots[0].write(picture)
        stage.standIn.show(slots[0].board, damage: [DamageRect(x: 0, y: 0, width: Int32(width), height: Int32(height))])
        let first = stage.renderer.render()
        #expect(Self.pixels(of: first.image) == picture)

        let damage = DamageRect(x: 5, y: 7, width: 11, height: 4)
        for y in 7..<11 { for x in 5..<16 { picture[y * width + x] = Self.randomPixel(&random) } }
        slots[1].write(picture)
        stage.standIn.show(slots[1].board, damage: [damage])
        #expect(stage.standIn.buffer === slots[1].board)
        let second = stage.renderer.render()
        #expect(second.damage == [PixelRect(x: 5, y: 7, width: 11, height: 4)], "only the frame's damage is redrawn")
        #expect(second.redrawnArea == 44)
        #expect(Self.pixels(of: second.image) == picture)
    }

    @Test("A buffer Cairo cannot draw in place (a row stride not a multiple of 4) is drawn from a copy, with the same pixels")
    func oddStrideFallsBackToTheCopy() throws {
        var random = SplitMix64(seed: 8)
        let slot = try Slot(width: 9, height: 5, padding: 1)
        let picture = (0..<45).map { _ in Self.randomPixel(&random) }
        slot.write(picture)
        let stage = try Stage(size: Size(width: 9, height: 5))
        stage.standIn.show(slot.board, damage: nil)
        #expect(Self.pixels(of: stage.renderer.render().image) == picture)
    }

    @Test("A snapshot's picture set on the view is shown instead of the buffer, and the buffer again once it is taken away")
    func imageOverridesTheBuffer() throws {
        let slot = try Slot(width: 4, height: 4)
        slot.write(Array(repeating: 0xFF00_00FF, count: 16))
        let stage = try Stage(size: Size(width: 4, height: 4))
        stage.standIn.show(slot.board, damage: nil)
        #expect(stage.renderer.render().image.pixel(x: 1, y: 1) == 0xFF00_00FF)
        stage.picture.image = try Image(width: 4, height: 4, color: Color(red255: 255, 0, 0))
        #expect(stage.renderer.render().image.pixel(x: 1, y: 1) == 0xFFFF_0000)
        stage.picture.image = nil
        #expect(stage.renderer.render().image.pixel(x: 1, y: 1) == 0xFF00_00FF)
    }

    @Test(
        "Differential: on random frames, damage and sizes (fractional ones drawn scaled), the picture drawn in place from the slot the board holds has the pixels of the board's old copy of every frame",
        arguments: 0..<6)
    func differentialAgainstTheCopy(seed: UInt64) throws {
        var random = SplitMix64(seed: 0xF4A3E + seed)
        var size = Size(width: 1, height: 1)
        var slots: [Slot] = []
        var picture: [UInt32] = []
        var stage: Stage?
        var reference: Stage?
        var next = 0
        var redrawnInPart = 0
        for step in 0..<40 {
            if step == 0 || random.below(12) == 0 {
                // A new size: new windows (the stand-in's frame changes), new buffers, a whole frame.
                size = Size(
                    width: Double(1 + random.below(64)) + [0, 0, 0, 0.5, 0.25][random.below(5)],
                    height: Double(1 + random.below(48)) + [0, 0, 0, 0.5, 0.75][random.below(5)])
                let (width, height) = (Int(size.width.rounded(.up)), Int(size.height.rounded(.up)))
                slots = [try Slot(width: width, height: height, padding: 4 * random.below(3)), try Slot(width: width, height: height)]
                picture = (0..<width * height).map { _ in Self.randomPixel(&random) }
                if stage == nil || random.below(2) == 0 {
                    stage = try Stage(size: size)
                    reference = try Stage(size: size, reference: true)
                } else {
                    stage!.window.frame = Rect(origin: .zero, size: size)
                    stage!.picture.frame = stage!.window.bounds
                    reference!.window.frame = Rect(origin: .zero, size: size)
                    reference!.picture.frame = reference!.window.bounds
                }
                slots[next].write(picture)
                stage!.standIn.show(slots[next].board, damage: [DamageRect(x: 0, y: 0, width: Int32(width), height: Int32(height))])
            } else {
                let (width, height) = (slots[0].width, slots[0].height)
                let damage = (0..<1 + random.below(4)).map { _ in Self.randomRect(&random, width: width, height: height) }
                for rect in damage {
                    for y in Int(rect.y)..<Int(rect.y + rect.height) {
                        for x in Int(rect.x)..<Int(rect.x + rect.width) { picture[y * width + x] = Self.randomPixel(&random) }
                    }
                }
                // The process brings the slot up to date whole before it hands it over.
                slots[next].write(picture)
                stage!.standIn.show(slots[next].board, damage: damage)
            }
            let buffer = slots[next].board
            reference!.picture.image = StandInPicture.copy(of: buffer, fitting: reference!.window.bounds)
            let fast = stage!.renderer.render()
            let copied = reference!.renderer.render()
            if step > 0, size.width == size.width.rounded(), size.height == size.height.rounded(), !fast.damage.isEmpty {
                redrawnInPart += fast.redrawnArea < fast.image.width * fast.image.height ? 1 : 0
            }
            let differing = zip(Self.pixels(of: fast.image), Self.pixels(of: copied.image)).filter { $0 != $1 }.count
            #expect(
                differing == 0 && fast.image.width == copied.image.width,
                "seed \(seed), step \(step), \(size.width)×\(size.height): \(differing) pixels differ from the copy")
            if differing != 0 { return }
            next = 1 - next
        }
        // (A fractional size redraws the whole picture each frame; the whole sizes must have been partly redrawn.)
        #expect(redrawnInPart > 0, "seed \(seed): no frame was redrawn in part")
    }

    @Test(
        "The board's slots: on random interleavings of frames and releases, the slot shown is never one the scene holds or writes, each newer frame releases the one before, and a frame in a slot the scene does not hold is refused",
        arguments: 0..<8)
    func slotProtocol(seed: UInt64) {
        var random = SplitMix64(seed: 0x5107 + seed)
        var board = BoardFrameBuffers<Int>()
        var scene = FrameSlots(count: 2)
        enum ToBoard { case attach(UInt8), frame(UInt8) }
        var toBoard: [ToBoard] = []
        var toScene: [UInt8] = []
        var attached = 0
        var shown = 0
        for _ in 0..<400 {
            switch random.below(4) {
            case 0:
                // The scene draws into a slot it holds (attaching a new one while it has fewer than
                // two), then hands it over.
                if scene.freeSlot == nil, attached < 2 {
                    try? scene.attach(UInt8(attached))
                    toBoard.append(.attach(UInt8(attached)))
                    attached += 1
                }
                guard let slot = scene.freeSlot else { continue }
                #expect(board.shownSlot(window: 0) != slot, "the scene writes slot \(slot) while the board shows it")
                try? scene.handOver(slot)
                toBoard.append(.frame(slot))
            case 1, 2:
                guard !toBoard.isEmpty else { continue }
                switch toBoard.removeFirst() {
                case .attach(let slot):
                    let attached = board.attach(Int(slot), window: 0, slot: slot)
                    #expect(attached)
                case .frame(let slot):
                    let before = board.shownSlot(window: 0)
                    guard case .shown(let release) = board.takeFrame(window: 0, slot: slot) else {
                        Issue.record("a frame the scene was entitled to send was refused")
                        continue
                    }
                    shown += 1
                    #expect(release == before, "the slot shown before is released")
                    #expect(board.shownBuffer(window: 0) == Int(slot))
                    #expect(board.holder(window: 0, slot: slot) == .board)
                    if let release { toScene.append(release) }
                }
            default:
                guard !toScene.isEmpty else { continue }
                #expect((try? scene.release(toScene.removeFirst())) != nil, "the board released a slot it does not hold")
            }
            // A misbehaving scene: a frame naming the slot the board shows, or one never attached.
            if let held = board.shownSlot(window: 0), random.below(20) == 0 {
                let again = board.takeFrame(window: 0, slot: held)
                let unattached = board.takeFrame(window: 0, slot: 7)
                #expect(again == .refused)
                #expect(unattached == .refused)
                #expect(board.shownSlot(window: 0) == held)
            }
        }
        #expect(shown > 20)
    }

    @Test("A window's buffers detached (a new size) are forgotten with their slots; the new ones start over")
    func detachForgets() {
        var board = BoardFrameBuffers<String>()
        var outcomes: [String] = []
        outcomes.append("attach \(board.attach("a0", window: 3, slot: 0))")
        outcomes.append("attach again \(board.attach("again", window: 3, slot: 0))")
        outcomes.append("frame \(board.takeFrame(window: 3, slot: 0))")
        outcomes.append("shown \(board.shownBuffer(window: 3) ?? "none")")
        board.detach(window: 3)
        outcomes.append("shown \(board.shownBuffer(window: 3) ?? "none")")
        outcomes.append("frame \(board.takeFrame(window: 3, slot: 0))")
        outcomes.append("attach \(board.attach("b0", window: 3, slot: 0))")
        outcomes.append("frame \(board.takeFrame(window: 3, slot: 0))")
        outcomes.append("shown \(board.shownBuffer(window: 3) ?? "none")")
        #expect(
            outcomes == [
                "attach true", "attach again false", "frame shown(release: nil)", "shown a0", "shown none", "frame refused", "attach true",
                "frame shown(release: nil)", "shown b0",
            ])
    }
}
