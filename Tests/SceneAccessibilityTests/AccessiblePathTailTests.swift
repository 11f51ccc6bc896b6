@testable import SceneAccessibility
import TestSupport
import Testing

/// An accessible path's tail, read byte by byte, against the plain reference: the split and the
/// integer parsing the tree used before.
@Suite("Accessible path tails")
struct AccessiblePathTailTests {
    /// The reference: split at `_`, then `Int` and `UInt32` parse the parts.
    static func reference(_ tail: String) -> AccessiblePathTail? {
        let parts = tail.split(separator: "_", omittingEmptySubsequences: false)
        if parts.count == 1, parts[0].first == "w", let number = Int(parts[0].dropFirst()) { return .window(number: number) }
        guard let id = UInt32(parts[0]) else { return nil }
        if parts.count == 1 { return .view(id: id) }
        guard parts.count == 3, let section = Int(parts[1]), let row = Int(parts[2]) else { return nil }
        return .row(tableID: id, section: section, row: row)
    }

    @Test("Windows, views and rows read as their numbers", arguments: [
        ("w3", AccessiblePathTail.window(number: 3)), ("17", .view(id: 17)), ("17_0_999", .row(tableID: 17, section: 0, row: 999)),
        ("007", .view(id: 7)), ("4294967295", .view(id: UInt32.max)),
    ])
    func examples(tail: String, expected: AccessiblePathTail) {
        #expect(AccessiblePathTail(tail.utf8) == expected)
    }

    @Test("Empty parts, other characters, two or four parts and numbers too large name nothing", arguments: [
        "", "w", "_", "17_", "_17", "17__3", "17_3", "17_0_1_2", "w3_1", "x17", "17a", "1/2", "4294967296",
        "9223372036854775808", "1_9223372036854775808_0",
    ])
    func nothing(tail: String) {
        #expect(AccessiblePathTail(tail.utf8) == nil)
    }

    @Test("Random tails read as the reference reads them", arguments: [1 as UInt64, 2, 3])
    func agreesWithTheReference(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let alphabet = Array("0123456789012345678901234567890123456789w___x/")
        for _ in 0..<5_000 {
            let length = Int(random.next() % 26)
            let tail = String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
            #expect(AccessiblePathTail(tail.utf8) == Self.reference(tail), "tail '\(tail)', seed \(seed)")
        }
    }
}
