import Foundation
@testable import SceneWebDriver
import Testing

/// What the board reads of a scene process's answers and of a command's body when it forwards:
/// which answers found nothing (a waiting find asks again), and which element ids a body names.
@MainActor
@Suite("Forwarding to a scene process's endpoint")
struct WebDriverEndpointForwardingTests {
    private static func response(_ status: Int, _ body: String) -> WebDriverResponse {
        WebDriverResponse(status: status, body: Data(body.utf8))
    }

    @Test("A find found nothing when it answers no such element or an empty list; any other answer is the find's answer")
    func foundNothing() {
        #expect(WebDriverEndpoint.foundNothing(.failure(WebDriverError(.noSuchElement, "no element matches"))))
        #expect(WebDriverEndpoint.foundNothing(.success(.array([]))))
        #expect(WebDriverEndpoint.foundNothing(Self.response(200, #"{"value":[]}"#)))
        #expect(!WebDriverEndpoint.foundNothing(.success(.array([.string("x")]))))
        #expect(!WebDriverEndpoint.foundNothing(.failure(WebDriverError(.staleElementReference, "stale"))))
        #expect(!WebDriverEndpoint.foundNothing(.failure(WebDriverError(.invalidSelector, "bad"))))
        #expect(!WebDriverEndpoint.foundNothing(Self.response(404, "not JSON")))
        #expect(!WebDriverEndpoint.foundNothing(Self.response(404, #"{"value":{"error":"no such window"}}"#)))
    }

    @Test("The element ids a body names: reference objects anywhere in it, elementId and element members; other strings are not ids")
    func elementIDs() throws {
        let body = try JSON.parse(Data(#"""
            {"actions": [{"type": "pointer", "actions": [{"type": "pointerMove", "origin": {"element-6066-11e4-a52e-4f735466cecf": "p7-view-1"}},
                                                         {"type": "pointerMove", "origin": {"ELEMENT": "view-2"}}, {"type": "pointerDown"}]}],
             "args": [{"elementId": "p7-view-3", "element": "p8-view-4", "x": 5, "id": "not-an-element"}], "script": "mobile: tap"}
            """#.utf8))
        var found: [String] = []
        WebDriverEndpoint.collectElementIDs(in: body) { found.append($0) }
        #expect(found.sorted() == ["p7-view-1", "p7-view-3", "p8-view-4", "view-2"])
    }
}
