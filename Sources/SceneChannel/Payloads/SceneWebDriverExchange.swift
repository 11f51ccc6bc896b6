public import SceneErrors

/// A WebDriver command the board hands to a scene process's own endpoint (query
/// ``SceneQueryCode/webDriver``): the board keeps the sessions, and forwards the commands that read
/// or touch the scene's views (finds, the page source, the active element and element commands),
/// which only the process that holds the views can answer.
public struct SceneWebDriverRequest: Hashable, Sendable {
    /// The board's session: the process adopts it (same id, driving `sceneName`) on first use.
    public var sessionID: String
    public var sceneName: String
    /// `GET`, `POST`, `DELETE`.
    public var method: String
    /// The request's path, as the client sent it (`/session/ID/element`, or with `/wd/hub`).
    public var path: String
    /// The request's body, as the client sent it.
    public var body: [UInt8]

    public init(sessionID: String, sceneName: String, method: String, path: String, body: [UInt8]) {
        self.sessionID = sessionID
        self.sceneName = sceneName
        self.method = method
        self.path = path
        self.body = body
    }

    public var encoded: [UInt8] {
        var writer = WireWriter(capacity: 20 + sessionID.utf8.count + sceneName.utf8.count + method.utf8.count + path.utf8.count + body.count)
        writer.string(sessionID)
        writer.string(sceneName)
        writer.string(method)
        writer.string(path)
        writer.lengthPrefixed(body)
        return writer.bytes
    }

    public init(body encoded: [UInt8]) throws(ChannelError) {
        var reader = WireReader(encoded, context: "WebDriver request")
        sessionID = try reader.string("session")
        sceneName = try reader.string("scene")
        method = try reader.string("method")
        path = try reader.string("path")
        body = try reader.lengthPrefixed("body")
        try reader.finish()
    }
}

/// A scene process's answer to a ``SceneWebDriverRequest``: the HTTP status and the JSON body, as
/// the board sends them to the client, byte for byte.
public struct SceneWebDriverResponse: Hashable, Sendable {
    public var status: UInt16
    public var body: [UInt8]

    public init(status: UInt16, body: [UInt8]) {
        self.status = status
        self.body = body
    }

    public var encoded: [UInt8] {
        var writer = WireWriter(capacity: 6 + body.count)
        writer.u16(status)
        writer.lengthPrefixed(body)
        return writer.bytes
    }

    public init(body encoded: [UInt8]) throws(ChannelError) {
        var reader = WireReader(encoded, context: "WebDriver response")
        status = try reader.u16("status")
        guard (100...599).contains(status) else {
            throw ChannelError(code: .malformed, message: "WebDriver response status \(status) is not an HTTP status (100…599)")
        }
        body = try reader.lengthPrefixed("body")
        try reader.finish()
    }
}
