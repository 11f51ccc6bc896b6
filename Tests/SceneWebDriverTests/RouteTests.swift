import Foundation
@testable import SceneWebDriver
import TestSupport
import Testing

/// Routing a request: which command a path names, with its parameters decoded once, and the body a
/// command reads.
@MainActor
@Suite("Routes and request bodies")
struct RouteTests {
    /// The plain definition of a match: segment by segment, a literal must be equal, a `:name`
    /// segment becomes that parameter, decoded.
    private static func plainMatch(_ route: Route, _ segments: [Substring]) -> [String: String]? {
        guard segments.count == route.pattern.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, wanted) in zip(segments, route.pattern) {
            if wanted.first == ":" {
                parameters[String(wanted.dropFirst())] = String(segment).removingPercentEncodingIfValid
            } else if segment != wanted {
                return nil
            }
        }
        return parameters
    }

    /// The plain definition of a POST body: empty is an empty object, anything else is parsed and
    /// must be an object.
    private static func plainBody(_ bytes: [UInt8]) -> Result<JSON, WebDriverError> {
        let text = bytes.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        if text.isEmpty { return .success(.object([])) }
        do throws(WebDriverError) {
            let body = try JSON.parse(Data(bytes))
            guard case .object = body else {
                return .failure(WebDriverError(.invalidArgument, "the body of POST /x must be a JSON object, not \(body.kindName)"))
            }
            return .success(body)
        } catch {
            return .failure(error)
        }
    }

    @Test("Every route matches random paths as the plain segment-by-segment definition does", arguments: [1 as UInt64, 2])
    func matchesAsThePlainDefinition(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let routes = WebDriverEndpoint.routes
        let words = Set(routes.flatMap(\.pattern).filter { $0.first != ":" }).map(String.init).sorted()
        let ids = ["p7-view-3", "scenehost-1-ab", "a%2Fb", "100%25", "%E2%9C%93", "%zz", "click"]
        var mismatches: [String] = []
        var matched = 0
        for _ in 0..<300 {
            // A route's own pattern with ids for its parameters, one segment changed now and then, so
            // that paths fit a pattern, or all of it but one literal.
            var segments = routes[random.below(routes.count)].pattern.map { $0.first == ":" ? Substring(ids[random.below(ids.count)]) : $0 }
            if random.below(3) == 0 { segments[random.below(segments.count)] = Substring(words[random.below(words.count)]) }
            for route in routes {
                let fast = route.match(segments)
                if fast != Self.plainMatch(route, segments) { mismatches.append("\(route.method) \(route.pattern.joined(separator: "/")) against \(segments)") }
                if fast != nil { matched += 1 }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        #expect(matched > 300, "the paths matched routes often enough to compare parameters")
    }

    @Test("A path's escapes are decoded once, per segment: an escaped slash stays inside its id, %25 becomes a percent sign")
    func parametersAreDecodedOncePerSegment() throws {
        let segments = WebDriverEndpoint.segments(of: "/wd/hub/session/s%2F1/element/100%2541/click")
        let click = try #require(WebDriverEndpoint.routes.first { $0.method == "POST" && $0.pattern.last == "click" })
        #expect(click.match(segments) == ["sessionId": "s/1", "elementId": "100%41"])
    }

    @Test("A POST body reads as the plain definition reads it, `{}` in any white space included", arguments: [3 as UInt64, 4])
    func bodiesReadAsThePlainDefinition(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let pieces = ["{", "}", " ", "\n", "\t", "\r", "{}", "\"a\"", ":", "1", ",", "[", "]", "x", "null"]
        for _ in 0..<600 {
            let text = (0..<random.below(7)).map { _ in pieces[random.below(pieces.count)] }.joined()
            let request = WebDriverRequest(method: "POST", path: "/x", body: Data(text.utf8))
            let fast: Result<JSON, WebDriverError>
            do throws(WebDriverError) {
                fast = .success(try WebDriverEndpoint.body(of: request))
            } catch {
                fast = .failure(error)
            }
            #expect(fast == Self.plainBody(Array(text.utf8)), "body '\(text)'")
        }
    }
}
