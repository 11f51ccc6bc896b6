import Foundation
import SceneCore
@testable import SceneWebDriver
import Testing

@Suite("Set Window Rect: the size a body asks for")
struct WebDriverWindowRectTests {
    let frame = Rect(x: 400, y: 0, width: 390, height: 844)

    private func size(_ body: String) throws -> Result<Size, WebDriverError> {
        let json = try JSON.parse(Data(body.utf8))
        do throws(WebDriverError) {
            return .success(try WebDriverEndpoint.requestedSize(json, of: frame))
        } catch {
            return .failure(error)
        }
    }

    @Test("Width and height are taken; null or missing keep the current one; x and y where the scene is are accepted")
    func sizes() throws {
        #expect(try size(#"{"width": 600, "height": 900}"#) == .success(Size(width: 600, height: 900)))
        #expect(try size(#"{"width": 600, "height": null}"#) == .success(Size(width: 600, height: 844)))
        #expect(try size(#"{"x": 400, "y": 0, "height": 500}"#) == .success(Size(width: 390, height: 500)))
        #expect(try size("{}") == .success(Size(width: 390, height: 844)))
    }

    @Test(
        "A width or height that is not a number from 0 to 2³¹ − 1 is an invalid argument naming it",
        arguments: [
            (#"{"width": -1}"#, "'width' -1 must be null or a number from 0 to 2147483647"),
            (#"{"height": "900"}"#, #"'height' "900" must be null or a number"#),
            (#"{"width": 3000000000}"#, "'width' 3000000000 must be null"),
        ])
    func badSizes(body: String, message: String) throws {
        guard case .failure(let error) = try size(body) else {
            Issue.record("\(body) was accepted")
            return
        }
        #expect(error.code == .invalidArgument && error.message.contains(message), "\(error.message)")
    }

    @Test("A new x or y is an unsupported operation: a scene does not move")
    func movesAreUnsupported() throws {
        guard case .failure(let error) = try size(#"{"x": 10, "width": 500}"#) else {
            Issue.record("a move was accepted")
            return
        }
        #expect(error.code == .unsupportedOperation)
        #expect(error.message == "a scene's place on the screen does not move (it is at 400, 0); send only width and height")
    }
}
