public import SceneErrors

/// Why a scene process could not load its plugin (event ``SceneEventCode/refused``, sent before its
/// goodbye): the loader's refusal, as a scene in the host would be refused — its code's name (a
/// `PluginLoadError` code: `abiMismatch`, `coreTooOld`, …), the plugin and the message.
public struct ScenePluginRefusal: Hashable, Sendable {
    public var code: String
    public var plugin: String
    public var message: String

    public init(code: String, plugin: String, message: String) {
        self.code = code
        self.plugin = plugin
        self.message = message
    }

    public var body: [UInt8] {
        var writer = WireWriter(capacity: 12 + code.utf8.count + plugin.utf8.count + message.utf8.count)
        writer.string(code)
        writer.string(plugin)
        writer.string(message)
        return writer.bytes
    }

    public init(body: [UInt8]) throws(ChannelError) {
        var reader = WireReader(body, context: "plugin refusal")
        code = try reader.string("code")
        plugin = try reader.string("plugin")
        message = try reader.string("message")
        try reader.finish()
    }
}
