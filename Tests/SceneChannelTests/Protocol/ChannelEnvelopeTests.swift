@testable import SceneChannel
import SceneErrors
import TestSupport
import Testing

/// The protocol's packets: what goes in comes out, and bad bytes are refused with their reason.
@Suite("Channel messages")
struct ChannelEnvelopeTests {
    @Test("Every kind of message decodes to itself, large bodies through shared memory", arguments: [1 as UInt64, 2, 3])
    func roundTrip(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for _ in 0..<400 {
            let message = random.message()
            let packet = try ChannelEnvelope(message).encoded()
            #expect(packet.bytes.count <= ChannelLimits.packet)
            let decoded = try ChannelEnvelope(decoding: packet)
            #expect(decoded.message == message, "seed \(seed)")
            #expect(decoded.attachment == nil)
        }
    }

    @Test("A body over the inline limit rides in a sealed shared file, not in the packet")
    func largeBodyIsShared() throws {
        let body = (0..<(ChannelLimits.inlineBody + 1)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let packet = try ChannelEnvelope(.reply(id: 9, body: body)).encoded()
        #expect(packet.descriptors.count == 1)
        #expect(packet.bytes.count < 64)
        #expect(try ChannelEnvelope(decoding: packet).message == .reply(id: 9, body: body))
    }

    @Test("An attachBuffer carries its buffer, and only it may carry one")
    func attachmentRules() throws {
        let buffer = try MappedFrameBuffer(creating: FrameFormat(width: 4, height: 2, stride: 16), name: "test")
        let attach = ChannelMessage.attachBuffer(window: 3, slot: 1, format: buffer.format)
        let decoded = try ChannelEnvelope(decoding: try ChannelEnvelope(attach, attachment: buffer.descriptor).encoded())
        #expect(decoded.message == attach)
        #expect(decoded.attachment != nil)
        #expect(throws: ChannelError.self) { try ChannelEnvelope(attach).encoded() }
        #expect(throws: ChannelError.self) { try ChannelEnvelope(.detachWindow(window: 1), attachment: buffer.descriptor).encoded() }
    }

    @Test("A packet of another protocol, version or kind is refused, naming what it saw")
    func refusesForeignPackets() throws {
        var packet = try ChannelEnvelope(.detachWindow(window: 1)).encoded()
        packet.bytes[0] = 0x00
        expectRefused(packet, code: .malformed, mentioning: "0x4300")
        packet = try ChannelEnvelope(.detachWindow(window: 1)).encoded()
        packet.bytes[2] = 9
        expectRefused(packet, code: .unsupportedVersion, mentioning: "version 9")
        packet.bytes[2] = 1
        packet.bytes[3] = 200
        expectRefused(packet, code: .malformed, mentioning: "unknown kind 200")
    }

    @Test("Trailing bytes, a missing descriptor and a spare descriptor are each refused")
    func refusesInconsistentPackets() throws {
        var packet = try ChannelEnvelope(.releaseBuffer(window: 2, slot: 0)).encoded()
        packet.bytes.append(0)
        expectRefused(packet, code: .malformed, mentioning: "releaseBuffer packet of 18 bytes has 1 bytes after its last field")

        let shared = try ChannelEnvelope(.event(code: 1, body: Array(repeating: 1, count: ChannelLimits.inlineBody + 10))).encoded()
        expectRefused(ChannelPacket(bytes: shared.bytes), code: .malformed, mentioning: "carries no descriptor")

        let spare = try SharedMemory.create(name: "spare", size: 8)
        let plain = try ChannelEnvelope(.detachWindow(window: 4)).encoded()
        expectRefused(ChannelPacket(bytes: plain.bytes, descriptors: [spare]), code: .malformed, mentioning: "no use for")
    }

    @Test("A frame with a negative damage size or too many rectangles is refused")
    func refusesBadDamage() throws {
        var packet = try ChannelEnvelope(.frame(window: 1, slot: 0, damage: [DamageRect(x: 0, y: 0, width: 5, height: 5)])).encoded()
        // The rectangle's width is the 4 bytes at header + window + slot + count + x + y.
        let widthOffset = 12 + 4 + 1 + 2 + 4 + 4
        packet.bytes.replaceSubrange(widthOffset..<widthOffset + 4, with: [0xFF, 0xFF, 0xFF, 0xFF])
        expectRefused(packet, code: .malformed, mentioning: "-1×5")
        let many = Array(repeating: DamageRect(x: 0, y: 0, width: 1, height: 1), count: ChannelLimits.damageRects + 1)
        #expect(throws: ChannelError.self) { try ChannelEnvelope(.frame(window: 1, slot: 0, damage: many)).encoded() }
    }

    @Test("Every prefix and every single-byte change of valid packets decodes or is refused, never traps", arguments: [11 as UInt64, 12])
    func mutationsNeverTrap(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var refused = 0
        for _ in 0..<150 {
            let message = random.message()
            let packet = try ChannelEnvelope(message).encoded()
            for length in 0..<packet.bytes.count {
                let cut = ChannelPacket(bytes: Array(packet.bytes.prefix(length)), descriptors: packet.descriptors)
                do { _ = try ChannelEnvelope(decoding: cut) } catch { refused += 1 }
            }
            var changed = packet
            changed.bytes[random.below(changed.bytes.count)] ^= UInt8(1 + random.below(255))
            _ = try? ChannelEnvelope(decoding: changed)
        }
        #expect(refused > 150, "prefixes were refused")
    }

    @Test("Each kind's name in the messages is the name of its case")
    func kindNames() {
        for kind in ChannelProtocol.Kind.allCases { #expect(kind.name == "\(kind)") }
    }

    @Test("Both sides agree on the newest version each accepts, or on none")
    func versionAgreement() {
        let ours = ChannelHello(version: 3, oldestVersion: 2, processID: 1)
        #expect(ChannelProtocol.agreedVersion(ours: ours, theirs: ChannelHello(version: 5, oldestVersion: 1, processID: 2)) == 3)
        #expect(ChannelProtocol.agreedVersion(ours: ours, theirs: ChannelHello(version: 2, oldestVersion: 1, processID: 2)) == 2)
        #expect(ChannelProtocol.agreedVersion(ours: ours, theirs: ChannelHello(version: 1, oldestVersion: 1, processID: 2)) == nil)
        #expect(ChannelProtocol.agreedVersion(ours: ours, theirs: ChannelHello(version: 9, oldestVersion: 4, processID: 2)) == nil)
    }

    private func expectRefused(_ packet: ChannelPacket, code: ChannelError.Code, mentioning text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let envelope = try ChannelEnvelope(decoding: packet)
            Issue.record("decoded to \(envelope.message)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.code == code, sourceLocation: sourceLocation)
            #expect(error.message.contains(text), "\(error.message)", sourceLocation: sourceLocation)
        }
    }
}
