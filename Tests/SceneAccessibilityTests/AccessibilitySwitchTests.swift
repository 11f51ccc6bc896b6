@testable import SceneAccessibility
import Testing

@Suite("The accessibility switch: on while assistive technology is, off when it is not, the last status winning")
struct AccessibilitySwitchTests {
    @Test("Turned on, it joins; once joined it is attached; turned off, it leaves; on again, it joins anew with a new generation")
    func onOffOn() {
        var access = AccessibilitySwitch()
        #expect(access.phase == .detached && !access.isWanted)
        #expect(access.want(false) == .none, "off while off: nothing")
        #expect(access.want(true) == .join(generation: 1))
        #expect(access.phase == .joining(generation: 1) && access.isCurrent(1))
        #expect(access.want(true) == .none, "on while joining: one join only")
        access.joined(generation: 1, succeeded: true)
        #expect(access.phase == .attached && !access.isCurrent(1))
        #expect(access.want(true) == .none)
        #expect(access.want(false) == .leave)
        #expect(access.phase == .detached)
        #expect(access.want(true) == .join(generation: 2))
        access.joined(generation: 2, succeeded: true)
        #expect(access.phase == .attached)
    }

    @Test("Turned off while joining, the join is called off: it is no longer current, and its late finish changes nothing")
    func offWhileJoining() {
        var access = AccessibilitySwitch()
        #expect(access.want(true) == .join(generation: 1))
        #expect(access.want(false) == .leave)
        #expect(!access.isCurrent(1))
        access.joined(generation: 1, succeeded: true)
        #expect(access.phase == .detached, "a join called off never attaches")
        #expect(access.want(true) == .join(generation: 2))
        #expect(access.want(false) == .leave)
        #expect(access.want(true) == .join(generation: 3))
        access.joined(generation: 2, succeeded: true)
        #expect(access.phase == .joining(generation: 3), "an older join finishing late does not count as the current one")
        access.joined(generation: 3, succeeded: true)
        #expect(access.phase == .attached)
    }

    @Test("A join that fails leaves it detached (but still wanted), so the next turn-on joins again")
    func failedJoin() {
        var access = AccessibilitySwitch()
        _ = access.want(true)
        access.joined(generation: 1, succeeded: false)
        #expect(access.phase == .detached && access.isWanted)
        #expect(access.want(false) == .none)
        #expect(access.want(true) == .join(generation: 2))
    }

    @Test("A lost connection detaches; the switch joins again on the next turn-on")
    func connectionLost() {
        var access = AccessibilitySwitch()
        _ = access.want(true)
        access.joined(generation: 1, succeeded: true)
        access.connectionLost()
        #expect(access.phase == .detached)
        #expect(access.want(true) == .join(generation: 2), "still wanted, and detached: join")
    }

    @Test("Random sequences of statuses and finishes: at most one join is current, and once every join has finished the phase follows the last status")
    func randomSequences() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            var access = AccessibilitySwitch()
            var pending: [UInt64] = []
            for _ in 0..<Int.random(in: 1...30, using: &generator) {
                switch Int.random(in: 0..<4, using: &generator) {
                case 0, 1:
                    if case .join(let generation) = access.want(Bool.random(using: &generator)) { pending.append(generation) }
                case 2 where !pending.isEmpty:
                    let generation = pending.remove(at: Int.random(in: 0..<pending.count, using: &generator))
                    access.joined(generation: generation, succeeded: true)
                default:
                    break
                }
                #expect(pending.filter { access.isCurrent($0) }.count <= 1)
            }
            for generation in pending { access.joined(generation: generation, succeeded: true) }
            #expect(access.phase == (access.isWanted ? .attached : .detached))
        }
    }

    @Test("Status: either property wants accessibility; PropertiesChanged updates only what it carries")
    func status() {
        #expect(!AccessibilityStatus().wantsAccessibility)
        #expect(AccessibilityStatus(isEnabled: true).wantsAccessibility)
        #expect(AccessibilityStatus(screenReaderEnabled: true).wantsAccessibility)
        let on = AccessibilityStatus().applying(["IsEnabled": true])
        #expect(on == AccessibilityStatus(isEnabled: true, screenReaderEnabled: false))
        #expect(on.applying(["ScreenReaderEnabled": true]) == AccessibilityStatus(isEnabled: true, screenReaderEnabled: true))
        #expect(on.applying(["Other": false]) == on)
        #expect(on.description == "IsEnabled true, ScreenReaderEnabled false")
    }
}
