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
