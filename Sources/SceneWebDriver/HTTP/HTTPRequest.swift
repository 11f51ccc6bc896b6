/// One request as ``HTTPRequestParser`` read it: what the endpoint needs, and what the connection
/// needs to answer it (the version to answer in, whether to keep the connection).
struct HTTPRequest: Sendable, Equatable {
    /// The method as sent (`GET`, `POST`, …): methods are case-sensitive.
    var method: String
    /// The target's path without the query or fragment (`/session/1/element`), its `%XX` escapes
    /// checked but not decoded (the endpoint decodes each segment it takes as a parameter); the
    /// path of an absolute-form target (`http://host/status` gives `/status`); `*` for `OPTIONS *`.
    var path: String
    /// The minor version of HTTP/1.x: 0 or 1 (a later 1.x is answered as 1.1).
    var minorVersion: Int
    /// What happens to the connection after the answer: HTTP/1.1 keeps it unless the request says
    /// `Connection: close`; HTTP/1.0 closes it unless the request says `Connection: keep-alive`.
    var connection: HTTPConnectionDisposition
    var body: [UInt8]
}

/// Whether a connection stays open after an answer.
enum HTTPConnectionDisposition: Sendable, Equatable {
    case keepAlive
    case close
}
