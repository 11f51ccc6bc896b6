import DBusKit
import Testing

@Suite("Match rules render in the bus syntax")
struct MatchRuleTests {
    @Test("Every field renders as key='value' in a fixed order")
    func rendering() {
        let rule = MatchRule(
            kind: .signal, sender: "org.example.Service1", interface: "org.example.I", member: "Changed",
            path: "/org/example", destination: ":1.7", arguments: [2: "b", 0: "a"], argumentPaths: [1: "/x/"],
            arg0Namespace: "org.example")
        #expect(
            rule.description
                == "type='signal',sender='org.example.Service1',interface='org.example.I',member='Changed',"
                + "path='/org/example',destination=':1.7',arg0='a',arg2='b',arg1path='/x/',arg0namespace='org.example'")
    }

    @Test("Apostrophes in values use the specification's escape")
    func apostrophes() {
        let rule = MatchRule(arguments: [0: "it's"])
        #expect(rule.description == #"arg0='it'\''s'"#)
    }

    @Test("A rule with no fields matches everything and renders empty")
    func empty() {
        #expect(MatchRule().description == "")
        #expect(MatchRule.signal().description == "type='signal'")
    }
}
