import SceneChannel
import SceneCore
import SceneRender

/// One window's pictures on their way to the board: its renderer, its two shared buffers, who holds
/// each (``FrameSlots``) and what each buffer still lacks.
///
/// Double buffering by copy: the renderer keeps the window's whole picture in its own backing image
/// and redraws only the damage; a buffer handed back by the board is brought up to date by copying
/// the rectangles that changed since it was last written (its own list), then handed over again. A
/// window that changes size gets new buffers. Main actor, like the renderer.
@MainActor
final class SceneWindowFrames {
    let index: UInt32
    let window: Window
    let renderer: WindowRenderer
    private var buffers: [MappedFrameBuffer] = []
    private var slots = FrameSlots(count: 2)
    /// Per slot: the pixel rectangles it lacks (nil: all of it).
    private var stale: [[SceneRender.PixelRect]?] = [nil, nil]
    /// Damage drawn but not yet sent because both buffers were with the board.
    private var unsent: [SceneRender.PixelRect] = []
    /// The window's whole picture as last rendered.
    private var image: PixelImage?

    init(index: UInt32, window: Window, scale: Double) throws(RenderError) {
        self.index = index
        self.window = window
        renderer = try WindowRenderer(window: window, scale: scale)
    }

    /// Whether damage is drawn but not yet handed over (both buffers were with the board).
    var holdsUnsentDamage: Bool { !unsent.isEmpty }

    /// Whether ``produce()`` has something to draw (after layout).
    var needsDrawing: Bool { renderer.needsRendering || image == nil }

    /// Renders what changed and, when a buffer is free, returns the messages that hand it over (an
    /// `attachBuffer` the first time a buffer is used, then the `frame`). Empty when nothing changed
    /// or both buffers are with the board (the damage waits for a release).
    func produce() throws(ChannelError) -> [ChannelEnvelope] {
        if needsDrawing {
            let frame = renderer.render()
            let whole = SceneRender.PixelRect(x: 0, y: 0, width: frame.image.width, height: frame.image.height)
            let damage = image == nil ? [whole] : frame.damage
            image = frame.image
            unsent += damage
            for slot in stale.indices { stale[slot]? += damage }
        }
        guard let image, !unsent.isEmpty else { return [] }
        var envelopes: [ChannelEnvelope] = []
        let format = FrameFormat(width: UInt32(image.width), height: UInt32(image.height), stride: UInt32(image.bytesPerRow))
        if let first = buffers.first, first.format != format {
            buffers = []
            slots = FrameSlots(count: 2)
            stale = [nil, nil]
            envelopes.append(ChannelEnvelope(.detachWindow(window: index)))
        }
        if buffers.count < 2, slots.freeSlot == nil {
            let slot = UInt8(buffers.count)
            let buffer = try MappedFrameBuffer(creating: format, name: "scene-window-\(index)-\(slot)")
            buffers.append(buffer)
            try? slots.attach(slot)
            stale[Int(slot)] = nil
            envelopes.append(ChannelEnvelope(.attachBuffer(window: index, slot: slot, format: format), attachment: buffer.descriptor))
        }
        guard let slot = slots.freeSlot else { return envelopes }
        let buffer = buffers[Int(slot)]
        let copy = stale[Int(slot)] ?? [SceneRender.PixelRect(x: 0, y: 0, width: image.width, height: image.height)]
        image.withUnsafeBytes { source in
            buffer.withUnsafeMutableBytes { target in
                for rect in copy { Self.copy(rect, from: source, to: target, stride: image.bytesPerRow) }
            }
        }
        stale[Int(slot)] = []
        try? slots.handOver(slot)
        // More rectangles than a frame carries are sent as their bounding box.
        let rects = unsent.count <= ChannelLimits.damageRects ? unsent : [unsent.dropFirst().reduce(unsent[0]) { $0.union($1) }]
        unsent = []
        let damage = rects.map { DamageRect(x: Int32($0.x), y: Int32($0.y), width: Int32($0.width), height: Int32($0.height)) }
        envelopes.append(ChannelEnvelope(.frame(window: index, slot: slot, damage: damage)))
        return envelopes
    }

    /// The board gave `slot` back.
    func release(_ slot: UInt8) throws(FrameSlots.Violation) {
        try slots.release(slot)
    }

    private static func copy(_ rect: SceneRender.PixelRect, from source: UnsafeRawBufferPointer, to target: UnsafeMutableRawBufferPointer, stride: Int) {
        let rowBytes = rect.width * 4
        guard rowBytes > 0 else { return }
        for row in rect.y..<(rect.y + rect.height) {
            let offset = row * stride + rect.x * 4
            target.baseAddress!.advanced(by: offset).copyMemory(from: source.baseAddress!.advanced(by: offset), byteCount: rowBytes)
        }
    }
}
