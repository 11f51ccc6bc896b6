public import Foundation

/// The answer: an HTTP status and a JSON body (`{"value": …}`).
public struct WebDriverResponse: Sendable {
    public var status: Int
    /// `Data`, as the server sends it: a large answer (the page source) is handed over uncopied.
    public var body: Data

    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }

    /// `{"value": value}` with 200.
    static func success(_ value: JSON) -> WebDriverResponse {
        WebDriverResponse(status: 200, body: Data(JSON.object([("value", value)]).encoded()))
    }

    public static func failure(_ error: WebDriverError) -> WebDriverResponse {
        WebDriverResponse(status: error.code.httpStatus, body: Data(error.json.encoded()))
    }
}
