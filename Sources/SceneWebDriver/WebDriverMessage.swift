public import Foundation

/// One HTTP request as the endpoint sees it, whatever server read it.
public struct WebDriverRequest: Sendable {
    /// `GET`, `POST`, `DELETE`, …
    public var method: String
    /// The path without the query (`/session/…/element`, or with the `/wd/hub` prefix).
    public var path: String
    public var body: Data

    public init(method: String, path: String, body: Data = Data()) {
        self.method = method
        self.path = path
        self.body = body
    }
}

/// The answer: an HTTP status and a JSON body (`{"value": …}`).
public struct WebDriverResponse: Sendable {
    public var status: Int
    public var body: [UInt8]

    public init(status: Int, body: [UInt8]) {
        self.status = status
        self.body = body
    }

    /// `{"value": value}` with 200.
    static func success(_ value: JSON) -> WebDriverResponse {
        WebDriverResponse(status: 200, body: JSON.object([("value", value)]).encoded())
    }

    static func failure(_ error: WebDriverError) -> WebDriverResponse {
        WebDriverResponse(status: error.code.httpStatus, body: error.json.encoded())
    }
}
