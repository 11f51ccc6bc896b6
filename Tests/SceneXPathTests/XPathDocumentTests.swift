import SceneXPath
import Testing

@Suite("XPath 1.0 on documents built element by element")
struct XPathDocumentTests {
    /// <root name="r"><Button name="ok" x="10"/><Group><Button name="cancel" x="20"/><Label name="hint"/></Group></root>
    static func sample() -> XPathDocument {
        let document = XPathDocument()
        document.openElement("root")
        document.addAttribute("name", "r")
        document.openElement("Button")
        document.addAttribute("name", "ok")
        document.addAttribute("x", "10")
        document.closeElement()
        document.openElement("Group")
        document.openElement("Button")
        document.addAttribute("name", "cancel")
        document.addAttribute("x", "20")
        document.closeElement()
        document.openElement("Label")
        document.addAttribute("name", "hint")
        document.closeElement()
        document.closeElement()
        document.closeElement()
        return document
    }

    @Test("Elements are numbered in document order and a query answers their numbers, in that order")
    func elementsInDocumentOrder() throws {
        let document = Self.sample()
        #expect(document.elementCount == 5)
        #expect(try document.evaluate("//Button") == .elements([1, 3]))
        #expect(try document.evaluate("//*[@name='hint'] | //Button[@name='ok']") == .elements([1, 4]))
        #expect(try document.evaluate("/root/Group/*") == .elements([3, 4]))
        #expect(try document.evaluate("//Button[number(@x) > 15]") == .elements([3]))
        #expect(try document.evaluate("//Nothing") == .elements([]))
    }

    @Test("The whole language is there: axes, positions, functions and non-node results")
    func theWholeLanguage() throws {
        let document = Self.sample()
        #expect(try document.evaluate("//Label/preceding-sibling::Button") == .elements([3]))
        #expect(try document.evaluate("(//Button)[last()]") == .elements([3]))
        #expect(try document.evaluate("//*[starts-with(@name, 'ca')]/ancestor::Group") == .elements([2]))
        #expect(try document.evaluate("count(//Button)") == .number(2))
        #expect(try document.evaluate("string(//Button[2]/@name)") == .string(""))
        #expect(try document.evaluate("string((//Button)[2]/@name)") == .string("cancel"))
        #expect(try document.evaluate("boolean(//Label)") == .boolean(true))
        #expect(try document.evaluate("//Button/@name") == .otherNodes(kinds: ["an attribute", "an attribute"]))
    }

    @Test("A context element makes relative paths start there")
    func contextElement() throws {
        let document = Self.sample()
        #expect(try document.evaluate(".//Button", context: 2) == .elements([3]))
        #expect(try document.evaluate("..", context: 3) == .elements([2]))
        #expect(try document.evaluate("//Button", context: 2) == .elements([1, 3]))
    }

    @Test("Bad expressions are refused with libxml2's reason and the expression", arguments: ["//Button[", "//*[frobnicate()]", "$nope", "///"])
    func badExpressions(expression: String) {
        #expect(throws: XPathError.self) { try Self.sample().evaluate(expression) }
        do {
            _ = try Self.sample().evaluate(expression)
        } catch {
            #expect(error.expression == expression)
            #expect(!error.reason.isEmpty)
            #expect(error.description.hasPrefix("XPath '\(expression)' is not valid XPath 1.0: "))
        }
    }

    @Test("A query that would revisit the whole tree for every node stops at the operation limit instead of running on")
    func operationLimit() {
        let document = XPathDocument()
        document.openElement("root")
        for _ in 0..<3000 {
            document.openElement("cell")
            document.closeElement()
        }
        document.closeElement()
        #expect(throws: XPathError.self) { try document.evaluate("//*[count(//*[count(//*) > 0]) > 0]") }
    }
}
