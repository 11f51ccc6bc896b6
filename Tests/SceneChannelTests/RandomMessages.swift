import SceneChannel
import TestSupport

/// Random messages of every kind, for round trips and mutations.
extension SplitMix64 {
    mutating func bytes(upTo limit: Int) -> [UInt8] {
        // Mostly short, sometimes long enough to travel in shared memory.
        let count = below(8) == 0 ? ChannelLimits.inlineBody - 2 + below(limit) : below(64)
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }
    }

    mutating func text() -> String {
        let pieces = ["", "a", "button", "é", "🙂", "\u{0}", "Scene 1", "plugin crashed"]
        return (0..<below(4)).map { _ in pieces[below(pieces.count)] }.joined()
    }

    mutating func message() -> ChannelMessage {
        let id = next()
        let code = UInt16(truncatingIfNeeded: next())
        switch below(11) {
        case 0: return .hello(ChannelHello(version: UInt16(1 + below(3)), oldestVersion: 1, processID: Int32(truncatingIfNeeded: next())))
        case 1: return .input(id: id, code: code, body: bytes(upTo: 40))
        case 2: return .inputDone(id: id, body: bytes(upTo: 40))
        case 3: return .query(id: id, code: code, body: bytes(upTo: 40))
        case 4: return .reply(id: id, body: bytes(upTo: 40))
        case 5: return .failure(id: id, code: code, message: text())
        case 6: return .event(code: code, body: bytes(upTo: 40))
        case 7:
            let damage = (0..<below(5)).map { _ in
                DamageRect(x: Int32(truncatingIfNeeded: next()), y: Int32(below(900)), width: Int32(below(800)), height: Int32(below(600)))
            }
            return .frame(window: UInt32(truncatingIfNeeded: next()), slot: UInt8(below(3)), damage: damage)
        case 8: return .releaseBuffer(window: UInt32(below(9)), slot: UInt8(below(3)))
        case 9: return .detachWindow(window: UInt32(truncatingIfNeeded: next()))
        default: return .goodbye(reason: text())
        }
    }
}
