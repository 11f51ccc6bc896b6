public import SceneErrors

extension ChannelEnvelope {
    /// The message `packet` carries, or a ``ChannelError`` of code `malformed` (or
    /// `unsupportedVersion`, `untrustedBuffer`) naming what is wrong with it. Never traps, whatever
    /// the bytes; descriptors the message does not use are closed with the packet.
    public init(decoding packet: ChannelPacket) throws(ChannelError) {
        var header = WireReader(packet.bytes, from: 0, context: "a")
        let magic = try header.u16("magic")
        guard magic == ChannelProtocol.magic else {
            throw ChannelError(code: .malformed, message: "a packet starts with 0x\(String(magic, radix: 16)), not the channel's 0x4353 (\"SC\")")
        }
        let version = try header.u8("version")
        guard UInt16(version) >= ChannelProtocol.oldestVersion, UInt16(version) <= ChannelProtocol.version else {
            throw ChannelError(
                code: .unsupportedVersion,
                message: "a packet of protocol version \(version); this build speaks \(ChannelProtocol.oldestVersion)…\(ChannelProtocol.version)")
        }
        let rawKind = try header.u8("kind")
        guard let kind = ChannelProtocol.Kind(rawValue: rawKind) else {
            throw ChannelError(code: .malformed, message: "a packet of unknown kind \(rawKind)")
        }
        let id = try header.u64("id")
        var reader = WireReader(packet.bytes, from: ChannelProtocol.headerSize, context: kind.name)
        var unusedDescriptors = packet.descriptors[...]

        func body() throws(ChannelError) -> [UInt8] {
            switch try reader.u8("body's place") {
            case 0:
                return try reader.lengthPrefixed("body")
            case 1:
                let count = Int(try reader.u32("shared body's length"))
                guard count > ChannelLimits.inlineBody, count <= ChannelLimits.body else {
                    throw ChannelError(code: .malformed, message: "\(kind.name) packet announces a shared body of \(count) bytes; it must be \(ChannelLimits.inlineBody + 1)…\(ChannelLimits.body)")
                }
                guard let shared = unusedDescriptors.popFirst() else {
                    throw ChannelError(code: .malformed, message: "\(kind.name) packet announces a shared body of \(count) bytes but carries no descriptor")
                }
                try SharedMemory.adopt(shared, expecting: count)
                return try SharedMemory.read(count, from: shared)
            case let place:
                throw ChannelError(code: .malformed, message: "\(kind.name) packet's body is at place \(place); 0 (inline) and 1 (shared) are known")
            }
        }

        func headerID(zero: Bool) throws(ChannelError) {
            guard !zero || id == 0 else {
                throw ChannelError(code: .malformed, message: "\(kind.name) packet has id \(id); its kind takes none (0)")
            }
        }

        let message: ChannelMessage
        var attachment: SharedDescriptor?
        switch kind {
        case .hello:
            try headerID(zero: true)
            let version = try reader.u16("version")
            let oldest = try reader.u16("oldest version")
            let pid = try reader.i32("process id")
            guard oldest <= version else {
                throw ChannelError(code: .malformed, message: "hello says it speaks versions \(oldest)…\(version); the oldest must not be newer")
            }
            message = .hello(ChannelHello(version: version, oldestVersion: oldest, processID: pid))
        case .input:
            let code = try reader.u16("code")
            message = .input(id: id, code: code, body: try body())
        case .inputDone:
            message = .inputDone(id: id, body: try body())
        case .query:
            let code = try reader.u16("code")
            message = .query(id: id, code: code, body: try body())
        case .reply:
            message = .reply(id: id, body: try body())
        case .failure:
            let code = try reader.u16("code")
            message = .failure(id: id, code: code, message: try reader.string("message"))
        case .event:
            try headerID(zero: true)
            let code = try reader.u16("code")
            message = .event(code: code, body: try body())
        case .attachBuffer:
            try headerID(zero: true)
            let window = try reader.u32("window")
            let slot = try reader.u8("slot")
            let format = FrameFormat(width: try reader.u32("width"), height: try reader.u32("height"), stride: try reader.u32("stride"))
            guard format.isConsistent, format.byteCount <= ChannelLimits.body else {
                throw ChannelError(
                    code: .malformed,
                    message: "attachBuffer of window \(window) slot \(slot): \(format.width)×\(format.height) with stride \(format.stride) is not a frame (4 bytes a pixel, at most \(ChannelLimits.body) bytes)")
            }
            guard let buffer = unusedDescriptors.popFirst() else {
                throw ChannelError(code: .malformed, message: "attachBuffer of window \(window) slot \(slot) carries no descriptor")
            }
            attachment = buffer
            message = .attachBuffer(window: window, slot: slot, format: format)
        case .frame:
            try headerID(zero: true)
            let window = try reader.u32("window")
            let slot = try reader.u8("slot")
            let count = Int(try reader.u16("damage count"))
            guard count <= ChannelLimits.damageRects else {
                throw ChannelError(code: .malformed, message: "frame of window \(window) has \(count) damage rectangles; at most \(ChannelLimits.damageRects)")
            }
            var damage: [DamageRect] = []
            damage.reserveCapacity(count)
            for _ in 0..<count {
                let rect = DamageRect(x: try reader.i32("damage x"), y: try reader.i32("damage y"), width: try reader.i32("damage width"), height: try reader.i32("damage height"))
                guard rect.width >= 0, rect.height >= 0 else {
                    throw ChannelError(code: .malformed, message: "frame of window \(window) has damage \(rect.width)×\(rect.height); sizes are not negative")
                }
                damage.append(rect)
            }
            message = .frame(window: window, slot: slot, damage: damage)
        case .releaseBuffer:
            try headerID(zero: true)
            message = .releaseBuffer(window: try reader.u32("window"), slot: try reader.u8("slot"))
        case .detachWindow:
            try headerID(zero: true)
            message = .detachWindow(window: try reader.u32("window"))
        case .goodbye:
            try headerID(zero: true)
            message = .goodbye(reason: try reader.string("reason"))
        }
        try reader.finish()
        guard unusedDescriptors.isEmpty else {
            throw ChannelError(code: .malformed, message: "\(kind.name) packet carries \(unusedDescriptors.count) descriptor\(unusedDescriptors.count == 1 ? "" : "s") it has no use for")
        }
        self.init(message, attachment: attachment)
    }
}
