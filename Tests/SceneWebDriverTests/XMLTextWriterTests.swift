import Foundation
import FoundationXML
@testable import SceneWebDriver
import TestSupport
import Testing

@Suite("The XML writer's fast paths")
struct XMLTextWriterTests {
    @Test("Every byte is sent to escaping exactly when it is a C0 control, one of &<>'\\\", or a lead byte of U+FFFE/U+FFFF or above")
    func escapeTableAgreesWithTheList() {
        let listed: Set<UInt8> = [UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "\\"), UInt8(ascii: "\"")]
        for byte in UInt8.min...UInt8.max {
            let expected = byte < 0x20 || listed.contains(byte) || byte >= 0xEF
            #expect(XMLTextWriter.needsEscape(byte) == expected, "byte \(byte)")
        }
    }

    @Test("Numbers, bounds and flags written into reserved room read back as the plain rendering, on random values", arguments: [0x5EED_0001, 0x5EED_0002] as [UInt64])
    func reservedWritesAgreeWithThePlainRendering(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var writer = XMLTextWriter(jsonEscaped: false, capacity: 16)  // small: every kind of write must grow it
        var expected: [[String: String]] = []
        writer.open("Root")
        for _ in 0..<500 {
            let number = Self.randomValue(using: &random)
            let bounds = (Self.randomWhole(using: &random), Self.randomWhole(using: &random), Self.randomWhole(using: &random), Self.randomWhole(using: &random))
            let flag = Bool.random(using: &random)
            writer.open("E")
            writer.attribute("n", number: number)
            writer.attribute("b", bounds: bounds)
            writer.attribute("f", flag: flag)
            writer.close()
            expected.append(["n": PageSource.number(number), "b": PageSource.boundsText(bounds), "f": flag ? "true" : "false"])
        }
        writer.close()
        let document = try XMLDocument(data: Data(writer.bytes))
        let elements = document.rootElement()?.elements(forName: "E") ?? []
        #expect(elements.count == expected.count)
        for (element, values) in zip(elements, expected) {
            for (name, value) in values {
                #expect(element.attribute(forName: name)?.stringValue == value, "seed \(seed)")
            }
        }
    }

    /// Any magnitude, fractions, negatives, the limits, NaN and infinities.
    private static func randomValue(using random: inout SplitMix64) -> Double {
        switch random.next() % 8 {
        case 0: return [Double.nan, .infinity, -.infinity, 1e12, -1e12, 999_999_999_999.9996, -0.0][Int(random.next() % 7)]
        case 1: return Double(bitPattern: random.next())
        default: return Double(Int64(bitPattern: random.next()) % 2_000_000_000_000) / Double([1, 8, 1000, 3][Int(random.next() % 4)])
        }
    }

    private static func randomWhole(using random: inout SplitMix64) -> Int64 {
        random.next() % 4 == 0 ? [Int64.min, Int64.max, 0, -1][Int(random.next() % 4)] : Int64(bitPattern: random.next()) >> Int64(random.next() % 63)
    }
}
