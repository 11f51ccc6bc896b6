/// One command being answered: the path's parameters, the body, and the way back.
@MainActor
struct Call {
    let parameters: [String: String]
    /// The body as JSON (an object for POST, null otherwise).
    let body: JSON
    /// The body as sent (W3C actions are handed to the host as text).
    let rawBody: [UInt8]
    let reply: @MainActor (WebDriverResponse) -> Void

    init(parameters: [String: String], body: JSON, rawBody: some Collection<UInt8>, reply: @escaping @MainActor (WebDriverResponse) -> Void) {
        self.parameters = parameters
        self.body = body
        self.rawBody = Array(rawBody)
        self.reply = reply
    }

    func respond(_ value: JSON = .null) { reply(.success(value)) }
    func fail(_ error: WebDriverError) { reply(.failure(error)) }

    /// Runs `body`, answering what it throws.
    func answering(_ body: () throws(WebDriverError) -> Void) {
        do { try body() } catch { fail(error) }
    }

    /// A string member of the body.
    func string(_ key: String) throws(WebDriverError) -> String {
        guard let value = body[key] else { throw WebDriverError(.invalidArgument, "the body has no '\(key)'; send {\"\(key)\": \"…\"}") }
        guard let text = value.stringValue else { throw WebDriverError(.invalidArgument, "'\(key)' must be a string, not \(value.kindName)") }
        return text
    }
}
