/// One message between the board (`scene-host`) and a scene process: the whole protocol as a value.
///
/// The channel carries three kinds of traffic, each with its own flow rule:
/// - **Input** (board → scene) is answered by exactly one ``inputDone(id:body:)`` with the same id,
///   in order; the board counts an unanswered input towards "not responding".
/// - **Queries** (board → scene) are answered by one ``reply(id:body:)`` or ``failure(id:code:message:)``
///   with the same id, in any order.
/// - **Events** and **frames** (scene → board) are unsolicited, in the scene's order; the board
///   stamps each event's `seq` when it publishes it.
///
/// The application payloads (`code` and `body` of input, queries, events) are opaque to the
/// packet layer; their codes and bodies are in `Payloads/` (``SceneInputCode``, ``SceneQueryCode``). A body longer than
/// ``ChannelLimits/inlineBody`` travels in a sealed shared-memory file attached to the packet, never
/// through the socket's buffer.
public enum ChannelMessage: Hashable, Sendable {
    /// The first message each side sends: the newest protocol version it speaks and the oldest it
    /// still accepts, and its process id.
    case hello(ChannelHello)
    /// Board → scene: an input record (touches, motion, keys, remote control) to deliver.
    case input(id: UInt64, code: UInt16, body: [UInt8])
    /// Scene → board: input `id` was delivered; `body` says what it hit.
    case inputDone(id: UInt64, body: [UInt8])
    /// Board → scene: a question (tree, find, hit test, accessibility read, snapshot, clock).
    case query(id: UInt64, code: UInt16, body: [UInt8])
    /// Scene → board: the answer to query `id`.
    case reply(id: UInt64, body: [UInt8])
    /// Scene → board: query `id` failed with an error of `code`, explained by `message`.
    case failure(id: UInt64, code: UInt16, message: String)
    /// Scene → board: something happened (a touch delivered, an action sent, a responder changed).
    case event(code: UInt16, body: [UInt8])
    /// Scene → board: the shared buffer `slot` of `window` (its descriptor attached) is `format`.
    /// Sent once per buffer; frames then name the slot.
    case attachBuffer(window: UInt32, slot: UInt8, format: FrameFormat)
    /// Scene → board: `window`'s picture is in buffer `slot`, changed inside `damage`. The scene
    /// does not draw into the slot again until the board releases it.
    case frame(window: UInt32, slot: UInt8, damage: [DamageRect])
    /// Board → scene: buffer `slot` of `window` is free to draw into again.
    case releaseBuffer(window: UInt32, slot: UInt8)
    /// Either side: `window` is gone, with its buffers.
    case detachWindow(window: UInt32)
    /// Either side: the sender is closing the channel on purpose, for `reason`.
    case goodbye(reason: String)
}
