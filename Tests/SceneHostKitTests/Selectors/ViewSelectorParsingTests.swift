import SceneHostKit
import Testing

@Suite("Selector parsing")
struct ViewSelectorParsingTests {
    @Test(
        "Valid selectors parse into their value tree and print back in canonical form",
        arguments: [
            ("Button", "Button"),
            ("#ok", "#ok"),
            ("  #ok  ", "#ok"),
            ("*", "*"),
            ("Button#ok:visible:enabled", "Button#ok:visible:enabled"),
            ("[label=\"Play\"]", "[label=\"Play\"]"),
            ("[ text = 'Row 1' ]", "[text=\"Row 1\"]"),
            ("[title=\"say \\\"hi\\\" \\\\ bye\"]", "[title=\"say \\\"hi\\\" \\\\ bye\"]"),
            ("[id=\"has space\"]", "[id=\"has space\"]"),
            ("[id=\"row-1\"]", "#row-1"),
            ("#list > Label", "#list > Label"),
            ("#list>Label", "#list > Label"),
            ("Window  View   Button", "Window View Button"),
            ("scene=gallery Button[role=\"button\"]", "scene=gallery Button[role=\"button\"]"),
            ("#a.b-c_d", "#a.b-c_d"),
        ])
    func parses(text: String, canonical: String) throws {
        let selector = try ViewSelector.parse(text)
        #expect(selector.description == canonical)
        #expect(try ViewSelector.parse(selector.description) == selector, "the canonical form parses to the same tree")
    }

    @Test("The value tree holds the scene, compounds and combinators in order")
    func tree() throws {
        let selector = try ViewSelector.parse("scene=toolkit Window #list > Label[text=\"Row 2\"]:visible")
        #expect(selector.scene == "toolkit")
        #expect(selector.combinators == [.descendant, .child])
        #expect(selector.compounds == [
            .init(typeName: "Window"),
            .init(tests: [.attribute(.id, equals: "list")]),
            .init(typeName: "Label", tests: [.attribute(.text, equals: "Row 2"), .visible]),
        ])
    }

    @Test(
        "Bad selectors fail naming the column and what was expected",
        arguments: [
            ("", 1, "the selector is empty"),
            ("   ", 4, "the selector is empty"),
            ("#", 2, "'#' needs an identifier"),
            ("[bogus=\"x\"]", 2, "unknown attribute 'bogus'; use id, label, text, title, role"),
            ("[label \"x\"]", 8, "expected '=' after [label"),
            ("[label=x]", 8, "expected a quoted value"),
            ("[label=\"x\"", 11, "expected ']' to close [label=…"),
            ("[label=\"x]", 8, "the string opened here is not closed"),
            (":hover", 2, "unknown pseudo-class ':hover'; use :visible or :enabled"),
            ("Button:", 8, "':' needs visible or enabled"),
            ("#a >", 5, "'>' needs a view after it"),
            ("> #a", 1, "expected a view"),
            ("#a > > #b", 6, "expected a view"),
            ("Button!", 7, "unexpected '!'"),
            ("9Lives", 1, "a type name cannot start with a digit"),
            ("scene= #a", 7, "scene= needs a scene name"),
            ("scene=gallery", 14, "scene=gallery must be followed by a space and the views to find in it"),
        ])
    func failsWithColumn(text: String, column: Int, message: String) {
        do {
            _ = try ViewSelector.parse(text)
            Issue.record("'\(text)' should not parse")
        } catch {
            #expect(error.column == column, "'\(text)': \(error)")
            #expect(error.message.contains(message), "'\(text)': \(error)")
            #expect(error.description.hasPrefix("selector column \(column): "))
        }
    }

    @Test("A selector longer than the limit is refused, naming the limit")
    func tooLong() {
        let text = String(repeating: "#a ", count: 2000)
        #expect(throws: SelectorError(column: 4097, "the selector is 6000 characters long; the limit is 4096")) { try ViewSelector.parse(text) }
    }
}
