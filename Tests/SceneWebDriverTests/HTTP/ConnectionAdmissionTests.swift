@testable import SceneWebDriver
import Testing

@Suite("A full server makes room by closing the connection quiet longest, or refuses when every one is busy")
struct ConnectionAdmissionTests {
    typealias Admission = ConnectionAdmission<String>

    @Test("Under the limit a new connection is taken, busy or quiet as the others are")
    func roomLeft() {
        #expect(Admission.decide(open: [], maximum: 2) == .admit)
        #expect(Admission.decide(open: [(key: "a", quietSince: nil)], maximum: 2) == .admit)
    }

    @Test("At the limit the connection quiet longest is closed, not a busy one however old, and not one quiet for less time")
    func quietestGoes() {
        let open: [(key: String, quietSince: UInt64?)] = [("busy", nil), ("recent", 900), ("oldest", 100), ("middle", 500)]
        #expect(Admission.decide(open: open, maximum: 4) == .admitClosing("oldest"))
        #expect(Admission.decide(open: open, maximum: 3) == .admitClosing("oldest"), "over the limit (a smaller one in force) too")
    }

    @Test("Of connections quiet since the same time, the first listed is closed")
    func tiesGoInOrder() {
        let open: [(key: String, quietSince: UInt64?)] = [("b", 7), ("a", 7)]
        #expect(Admission.decide(open: open, maximum: 2) == .admitClosing("b"))
    }

    @Test("When every open connection has work under way, the new one is refused")
    func allBusy() {
        let open: [(key: String, quietSince: UInt64?)] = [("a", nil), ("b", nil)]
        #expect(Admission.decide(open: open, maximum: 2) == .refuse)
    }
}
