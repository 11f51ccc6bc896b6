import Foundation
@testable import SceneWebDriver
import Testing

/// W3C capability processing and the JSON Wire Protocol's timeouts: malformed ones answer `invalid
/// argument` naming the member and its value, instead of being read as something else.
@MainActor
@Suite("Malformed capabilities and legacy timeouts are invalid arguments that name themselves")
struct WebDriverEndpointSessionsTests {
    private static func json(_ text: String) throws -> JSON {
        try JSON.parse(Data(text.utf8))
    }

    private static func refusal(_ body: () throws(WebDriverError) -> Void) -> WebDriverError? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    @Test(
        "Malformed alwaysMatch or firstMatch",
        arguments: [
            (#"{"alwaysMatch": 5}"#, "capabilities.alwaysMatch 5 must be an object of capabilities, not a number"),
            (#"{"firstMatch": {"platformName": "SceneHost"}}"#, #"capabilities.firstMatch {"platformName":"SceneHost"} must be a non-empty array"#),
            (#"{"firstMatch": []}"#, "capabilities.firstMatch [] must be a non-empty array"),
            (#"{"firstMatch": [{}, "x"]}"#, #"capabilities.firstMatch[1] "x" must be an object of capabilities, not a string"#),
            (
                #"{"alwaysMatch": {"appium:scene": "a"}, "firstMatch": [{"appium:scene": "b"}]}"#,
                "capabilities.firstMatch[0] names 'appium:scene', which alwaysMatch names too"
            ),
        ])
    func malformedCapabilities(body: String, message: String) throws {
        let requested = try Self.json(body)
        let error = Self.refusal { () throws(WebDriverError) in _ = try WebDriverEndpoint.capabilityObjects(requested) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains(message) == true, "\(String(describing: error))")
    }

    @Test("Well-formed capabilities: alwaysMatch merged with each firstMatch; a plain object is the capabilities themselves")
    func wellFormedCapabilities() throws {
        let (always, firsts) = try WebDriverEndpoint.capabilityObjects(
            Self.json(#"{"alwaysMatch": {"platformName": "SceneHost"}, "firstMatch": [{"appium:scene": "a"}, {}]}"#))
        #expect(always.map(\.0) == ["platformName"] && firsts.map { $0.map(\.0) } == [["appium:scene"], []])
        let (plain, one) = try WebDriverEndpoint.capabilityObjects(Self.json(#"{"platformName": "SceneHost"}"#))
        #expect(plain.map(\.0) == ["platformName"] && one.count == 1 && one[0].isEmpty)
    }

    @Test("A capability SceneHost reads must have its type")
    func capabilityTypes() throws {
        let error = Self.refusal { () throws(WebDriverError) in try WebDriverEndpoint.checkCapabilityTypes([("appium:scene", .number(3))]) }
        #expect(error?.code == .invalidArgument && error?.message.contains("capability 'appium:scene' 3 must be a string, not a number") == true)
        let timeouts = Self.refusal { () throws(WebDriverError) in try WebDriverEndpoint.checkCapabilityTypes([("timeouts", .array([]))]) }
        #expect(timeouts?.code == .invalidArgument && timeouts?.message.contains("capability 'timeouts' [] must be an object") == true)
    }

    @Test(
        "Legacy timeouts with an unknown type or a bad duration",
        arguments: [
            (#"{"type": "implicitly", "ms": 10}"#, #"timeout type "implicitly" is not one of "implicit", "script", "page load""#),
            (#"{"type": 3, "ms": 10}"#, "timeout type 3 is not one of"),
            (#"{"ms": 10}"#, "timeout type null is not one of"),
            (#"{"type": "implicit", "ms": "10"}"#, #"timeout 'implicit' ms "10" must be a number of milliseconds in 0…3600000"#),
            (#"{"type": "script"}"#, "timeout 'script' ms null must be a number of milliseconds"),
        ])
    func malformedLegacyTimeouts(body: String, message: String) throws {
        let session = WebDriverSession(id: "s", capabilities: .object([]), implicitWait: 1, sceneName: "x")
        let parsed = try Self.json(body)
        let error = Self.refusal { () throws(WebDriverError) in try WebDriverEndpoint.setLegacyTimeout(parsed, of: session) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains(message) == true, "\(String(describing: error))")
        #expect(session.implicitWait == 1 && session.scriptTimeout == 30_000, "nothing was set")
    }

    @Test("Legacy timeouts of each type set theirs")
    func legacyTimeouts() throws {
        let session = WebDriverSession(id: "s", capabilities: .object([]), implicitWait: 0, sceneName: "x")
        try WebDriverEndpoint.setLegacyTimeout(Self.json(#"{"type": "implicit", "ms": 2500}"#), of: session)
        try WebDriverEndpoint.setLegacyTimeout(Self.json(#"{"type": "script", "ms": 7}"#), of: session)
        try WebDriverEndpoint.setLegacyTimeout(Self.json(#"{"type": "page load", "ms": 9}"#), of: session)
        #expect(session.implicitWait == 2.5 && session.scriptTimeout == 7 && session.pageLoadTimeout == 9)
    }
}
