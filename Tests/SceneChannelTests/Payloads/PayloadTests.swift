import SceneChannel
import SceneErrors
import TestSupport
import Testing

/// The bodies both sides exchange: each decodes to itself, and bad bytes are refused by name.
@Suite("Channel payloads")
struct PayloadTests {
    @Test("Signal events of every argument type decode to themselves", arguments: [21 as UInt64, 22])
    func signalsRoundTrip(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for _ in 0..<300 {
            let values = (0..<random.below(10)).map { _ -> SceneSignal.Value in
                switch random.below(6) {
                case 0: .u64(random.next())
                case 1: .u32(UInt32(truncatingIfNeeded: random.next()))
                case 2: .double(random.unit() * 1000 - 500)
                case 3: .string(random.text())
                case 4: .window(Int32(random.below(5)) - 1)
                default: .scene(random.text())
                }
            }
            let signal = SceneSignal(member: ["Touch", "Log", "ActionSent"][random.below(3)], values: values)
            #expect(try SceneSignal(body: signal.body) == signal, "seed \(seed)")
        }
    }

    @Test("A signal event with an unknown argument type, too many arguments or trailing bytes is refused")
    func signalsRefused() throws {
        var body = SceneSignal(member: "Touch", values: [.u64(1)]).body
        body[body.count - 9] = 9
        #expect { try SceneSignal(body: body) } throws: { ($0 as? ChannelError)?.message.contains("type 9") == true }
        var many = WireWriter()
        many.string("Touch")
        many.u8(200)
        #expect { try SceneSignal(body: many.bytes) } throws: { ($0 as? ChannelError)?.message.contains("200 arguments") == true }
        #expect(throws: ChannelError.self) { try SceneSignal(body: SceneSignal(member: "Log", values: []).body + [0]) }
    }

    @Test("Touch records and outcomes decode to themselves; an unknown phase and a non-finite point are refused")
    func touches() throws {
        let record = SceneTouchRecord(slot: 9, phase: .move, x: 12.5, y: -3)
        #expect(try SceneTouchRecord(body: record.body) == record)
        let outcome = SceneTouchOutcome(touch: 4, window: 1, view: "blue", errorCode: "", errorMessage: "")
        #expect(try SceneTouchOutcome(body: outcome.body) == outcome)
        var body = record.body
        body[4] = 7
        #expect { try SceneTouchRecord(body: body) } throws: { ($0 as? ChannelError)?.message.contains("phase 7") == true }
        let infinite = SceneTouchRecord(slot: 1, phase: .down, x: .infinity, y: 0).body
        #expect { try SceneTouchRecord(body: infinite) } throws: { ($0 as? ChannelError)?.message.contains("finite") == true }
    }
}
