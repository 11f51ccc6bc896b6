import Foundation
import FoundationXML
@testable import SceneWebDriver
import TestSupport
import Testing

@Suite("The page source's XML text")
struct PageSourceTests {
    /// <Root name='…' x='…'><Leaf bounds='…'/></Root>, plain or as the inside of a JSON string.
    static func write(_ value: String, jsonEscaped: Bool) -> [UInt8] {
        var writer = XMLTextWriter(jsonEscaped: jsonEscaped)
        writer.open("Root")
        writer.attribute("name", value)
        writer.attribute("x", number: 12.5)
        writer.attribute("y", number: -3)
        writer.open("Leaf")
        writer.attribute("bounds", bounds: (0, -1, 390, 844))
        writer.close()
        writer.close()
        return writer.bytes
    }

    @Test("Values are escaped so that an XML parser reads them back exactly; numbers and bounds are written as digits")
    func escaping() throws {
        let value = "it's <b> & \"quoted\" \\ back\nline\ttab é \u{1} ctrl"
        let text = String(decoding: Self.write(value, jsonEscaped: false), as: UTF8.self)
        #expect(text.hasPrefix("<Root name='it&apos;s &lt;b&gt; &amp; \"quoted\" \\ back&#10;line&#9;tab é \u{FFFD} ctrl' x='12.5' y='-3'>\n"))
        #expect(text.hasSuffix(" <Leaf bounds='[0,-1][390,844]'/>\n</Root>\n"))
        let document = try XMLDocument(xmlString: text)
        let read = document.rootElement()?.attribute(forName: "name")?.stringValue
        #expect(read == "it's <b> & \"quoted\" \\ back\nline\ttab é \u{FFFD} ctrl")
    }

    @Test("Written as the inside of a JSON string, it decodes to the same text")
    func jsonEscaped() throws {
        let value = "a\\b 'c' \"d\" \n"
        let inner = Self.write(value, jsonEscaped: true)
        let decoded = try JSONSerialization.jsonObject(with: Data("\"".utf8 + inner + "\"".utf8), options: [.fragmentsAllowed]) as? String
        #expect(decoded == String(decoding: Self.write(value, jsonEscaped: false), as: UTF8.self))
    }

    @Test("Coordinates are written to 1/1000 of a point, whole ones without a fraction", arguments: [
        (0.0, "0"), (390, "390"), (-3, "-3"), (3.9, "3.9"), (7.14, "7.14"), (1.0005, "1.001"), (-0.125, "-0.125"), (0.0004, "0"),
        (Double.nan, "0"), (1e13, "0"),
    ])
    func coordinates(value: Double, text: String) {
        #expect(PageSource.number(value) == text)
    }

    /// The plain definition of a coordinate's text: thousandths, then digits through `String`.
    private static func plainNumber(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return "0" }
        let thousandths = Int64((value * 1000).rounded())
        var text = (thousandths < 0 ? "-" : "") + String(thousandths.magnitude / 1000)
        var fraction = String(thousandths.magnitude % 1000)
        guard fraction != "0" else { return text }
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        text += "." + fraction
        return text
    }

    @Test("Coordinates written as digits agree with a plain String rendering on random values of every magnitude")
    func coordinatesAgree() {
        var random = SplitMix64(seed: 0xD161_7500)
        for _ in 0..<20_000 {
            let magnitude = [1.0, 10, 1000, 1e6, 1e11, 1e12, 1e13].randomElement(using: &random)!
            let value = Double.random(in: -magnitude...magnitude, using: &random)
            let values = [value, (value * 1000).rounded() / 1000, value.rounded(), (value * 8).rounded() / 8]
            for value in values {
                #expect(PageSource.number(value) == Self.plainNumber(value), "\(value)")
            }
        }
    }

    @Test("Whole numbers written as digits agree with String on random values of every width, 0 and UInt64.max included")
    func wholeNumbersAgree() {
        var random = SplitMix64(seed: 0xD161_7501)
        var values: [UInt64] = [0, 9, 10, 99, 100, UInt64(Int64.max), UInt64(Int64.max) + 1, .max]
        for _ in 0..<20_000 { values.append(UInt64.random(in: 0...UInt64.max, using: &random) >> UInt64.random(in: 0...63, using: &random)) }
        for value in values {
            var bytes: [UInt8] = []
            XMLTextWriter.digits(value) { bytes.append($0) }
            #expect(String(decoding: bytes, as: UTF8.self) == String(value))
        }
    }

    @Test("Class names become XML names")
    @MainActor
    func tags() {
        let tags = TagNames()
        #expect(tags.tag(for: "BlueView") == "BlueView")
        #expect(tags.tag(for: "Box<Int>") == "Box_Int_")
        #expect(tags.tag(for: "9Lives") == "_Lives")
        #expect(tags.tag(for: "XMLThing") == "_XMLThing")
    }

    @Test("An XPath's document holds the attributes it can read: the names after @, or all of them for a wildcard or node test", arguments: [
        ("//Button[@name='ok']", ["name"] as [String]?), ("//*[@hittable='true' and @ x > 3]", ["hittable", "x"]),
        ("count(//View)", []), ("//Button[@ * = 'x']", nil), ("//Button/attribute::label", nil), ("//Button/attribute :: label", nil),
        ("//*[@node()]", nil), ("//*[contains(@label, 'a@b')]", ["label", "b"]), ("//*[@ns:label]", nil),
    ])
    func attributesRead(expression: String, attributes: [String]?) {
        #expect(XPathAttributes.read(by: expression) == attributes.map(Set.init))
    }

    @Test("Actionability and coordinates are computed only for a query that can read them")
    @MainActor
    func actionabilityNeeded() {
        #expect(!WebDriverEndpoint.mayReadActionability(["identifier", "x"]))
        #expect(WebDriverEndpoint.mayReadActionability(["identifier", "visible"]))
        #expect(WebDriverEndpoint.mayReadActionability(nil))
        #expect(!WebDriverEndpoint.mayReadGeometry(["identifier", "hittable"]))
        #expect(WebDriverEndpoint.mayReadGeometry(["identifier", "bounds"]))
        #expect(WebDriverEndpoint.mayReadGeometry(nil))
    }
}

