import DBusKit
import Foundation

/// One entry of `Host1.ListPlugins`, as `scenectl plugins` prints it.
struct PluginRow: Codable, Equatable {
    var name: String
    var version: String
    var description: String
    var minimumCoreVersion: String
    var abiVersion: UInt32
    var path: String
    var status: String
    var reason: String

    /// Reads the `a(ssssusss)` reply.
    static func rows(from reply: BusMessage) throws -> [PluginRow] {
        try reply.read { reader in
            try reader.readArray { element in
                try element.readStruct { fields in
                    PluginRow(
                        name: try fields.readString(), version: try fields.readString(), description: try fields.readString(),
                        minimumCoreVersion: try fields.readString(), abiVersion: try fields.readUInt32(), path: try fields.readString(),
                        status: try fields.readString(), reason: try fields.readString())
                }
            }
        }
    }

    /// A block per plugin: name, version and status; the description; the path; its needs; the reason.
    static func text(_ rows: [PluginRow]) -> String {
        var text = ""
        for row in rows {
            text += "\(row.name)\(row.version.isEmpty ? "" : " \(row.version)") — \(row.status)\n"
            if !row.description.isEmpty { text += "    \(row.description)\n" }
            text += "    \(row.path)\n"
            if row.abiVersion != 0 {
                let core = row.minimumCoreVersion.isEmpty ? "any SceneCore" : "SceneCore \(row.minimumCoreVersion) or newer"
                text += "    needs \(core), plugin ABI \(row.abiVersion)\n"
            }
            if !row.reason.isEmpty { text += "    \(row.reason)\n" }
        }
        var counts: [String: Int] = [:]
        for row in rows { counts[row.status, default: 0] += 1 }
        let summary = ["loaded", "available", "refused", "quarantined", "shadowed"].compactMap { status in
            counts[status].map { "\($0) \(status)" }
        }
        text += "\(rows.count) plugin file\(rows.count == 1 ? "" : "s")\(summary.isEmpty ? "" : ": " + summary.joined(separator: ", "))\n"
        return text
    }

    /// The rows as one JSON array.
    static func json(_ rows: [PluginRow]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: (try? encoder.encode(rows)) ?? Data("[]".utf8), as: UTF8.self)
    }
}
