public import SceneErrors

extension ChannelEnvelope {
    /// The packet that carries this message, in the current protocol version.
    ///
    /// A body over ``ChannelLimits/inlineBody`` is written to a new sealed shared-memory file that
    /// rides along; an `attachBuffer` must come with its buffer as `attachment`, and no other message
    /// may have one.
    public func encoded() throws(ChannelError) -> ChannelPacket {
        var writer = WireWriter(capacity: 64)
        var descriptors: [SharedDescriptor] = []
        writer.u16(ChannelProtocol.magic)
        writer.u8(UInt8(ChannelProtocol.version))
        writer.u8(message.kind.rawValue)
        writer.u64(message.id)

        /// A body inline, or its length alone and the body in shared memory.
        func body(_ bytes: [UInt8]) throws(ChannelError) {
            if bytes.count <= ChannelLimits.inlineBody {
                writer.u8(0)
                writer.lengthPrefixed(bytes)
                return
            }
            guard bytes.count <= ChannelLimits.body else {
                throw ChannelError(code: .oversized, message: "a \(message.kind) body of \(bytes.count) bytes is over the channel's \(ChannelLimits.body)")
            }
            let shared = try SharedMemory.create(name: "scene-channel-body", size: bytes.count)
            try SharedMemory.write(bytes, to: shared)
            writer.u8(1)
            writer.u32(UInt32(bytes.count))
            descriptors.append(shared)
        }

        switch message {
        case .hello(let hello):
            writer.u16(hello.version)
            writer.u16(hello.oldestVersion)
            writer.i32(hello.processID)
        case .input(_, let code, let bytes), .query(_, let code, let bytes), .event(let code, let bytes):
            writer.u16(code)
            try body(bytes)
        case .inputDone(_, let bytes), .reply(_, let bytes):
            try body(bytes)
        case .failure(_, let code, let text):
            writer.u16(code)
            writer.string(text)
        case .attachBuffer(let window, let slot, let format):
            writer.u32(window)
            writer.u8(slot)
            writer.u32(format.width)
            writer.u32(format.height)
            writer.u32(format.stride)
        case .frame(let window, let slot, let damage):
            guard damage.count <= ChannelLimits.damageRects else {
                throw ChannelError(code: .oversized, message: "a frame of window \(window) with \(damage.count) damage rectangles; send at most \(ChannelLimits.damageRects) (their union)")
            }
            writer.u32(window)
            writer.u8(slot)
            writer.u16(UInt16(damage.count))
            for rect in damage {
                writer.i32(rect.x)
                writer.i32(rect.y)
                writer.i32(rect.width)
                writer.i32(rect.height)
            }
        case .releaseBuffer(let window, let slot):
            writer.u32(window)
            writer.u8(slot)
        case .detachWindow(let window):
            writer.u32(window)
        case .goodbye(let reason):
            writer.string(reason)
        }

        switch (message, attachment) {
        case (.attachBuffer, let buffer?):
            descriptors.append(buffer)
        case (.attachBuffer(let window, let slot, _), nil):
            throw ChannelError(code: .malformed, message: "attachBuffer of window \(window) slot \(slot) has no buffer attached; pass its descriptor")
        case (_, nil):
            break
        case (_, .some):
            throw ChannelError(code: .malformed, message: "a \(message.kind) message carries no descriptor; only attachBuffer does")
        }
        guard writer.bytes.count <= ChannelLimits.packet else {
            throw ChannelError(code: .oversized, message: "a \(message.kind) packet of \(writer.bytes.count) bytes is over the channel's \(ChannelLimits.packet); shorten its text")
        }
        return ChannelPacket(bytes: writer.bytes, descriptors: descriptors)
    }
}

extension ChannelMessage {
    var kind: ChannelProtocol.Kind {
        switch self {
        case .hello: .hello
        case .input: .input
        case .inputDone: .inputDone
        case .query: .query
        case .reply: .reply
        case .failure: .failure
        case .event: .event
        case .attachBuffer: .attachBuffer
        case .frame: .frame
        case .releaseBuffer: .releaseBuffer
        case .detachWindow: .detachWindow
        case .goodbye: .goodbye
        }
    }

    /// The header's id: the input's or query's; zero for the rest.
    var id: UInt64 {
        switch self {
        case .input(let id, _, _), .inputDone(let id, _), .query(let id, _, _), .reply(let id, _), .failure(let id, _, _): id
        default: 0
        }
    }
}
