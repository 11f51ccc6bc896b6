/// A request the server cannot read: answered with `status` and a W3C error body naming what was
/// wrong, and the connection closed (what follows the bad bytes cannot be trusted to start a request).
struct HTTPRequestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 400, 413 (a body over the limit), 431 (a head over the limit), 501 (a transfer coding other
    /// than chunked) or 505 (not HTTP/1.x).
    let status: Int
    let message: String

    init(_ status: Int, _ message: String) {
        self.status = status
        self.message = message
    }

    var description: String { "\(status): \(message)" }

    /// The answer: `invalid argument` for the client's mistakes, `unknown error` for what this server
    /// does not implement, with this error's own status.
    var response: WebDriverResponse {
        var response = WebDriverResponse.failure(WebDriverError(status < 500 ? .invalidArgument : .unknownError, message))
        response.status = status
        return response
    }
}
