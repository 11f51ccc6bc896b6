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
