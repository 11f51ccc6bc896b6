import ArgumentParser
import DBusKit
import Foundation
import SceneBusContract

/// `scenectl find SELECTOR`: the views a selector matches (`Host1.Find`).
struct FindCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "find",
        abstract: "List the views a selector matches, one per line: window/N REFERENCE.",
        discussion: """
            Selectors (docs/testing.md, "Selectors"): a type (Button, matching subclasses too), #identifier, \
            [id="…"], [label="…"], [text="…"], [title="…"], [role="…"], :visible and :enabled, \
            joined by a space (descendant) or > (child), optionally starting with scene=NAME. \
            Matches come in tree order: scene by scene, window by window, depth first. Nothing is \
            printed when nothing matches; a selector that does not parse names its column.

            Examples:
              scenectl find '#blue'
              scenectl find 'scene=gesturelab [role="table"] Label'
              scenectl find 'Button:visible:enabled' --json
            """)

    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var call: CallOptions

    @Argument(help: ArgumentHelp("The selector.", valueName: "selector"))
    var selector: String

    @Flag(help: "Print a JSON array of {\"window\": path, \"view\": reference}.")
    var json = false

    @MainActor
    func run() async throws {
        let matches = try await CommandRunner.withHost(connection, timeout: call.timeout) { client in
            try await client.callHost("Find", [.string(selector)]).read { reader in
                try reader.readArray { element in
                    try element.readStruct { fields in (try fields.readObjectPath().rawValue, try fields.readString()) }
                }
            }
        }
        if json {
            let objects = matches.map { ["window": $0.0, "view": $0.1] }
            let data = try JSONSerialization.data(withJSONObject: objects, options: [.sortedKeys, .withoutEscapingSlashes])
            print(String(decoding: data, as: UTF8.self))
        } else {
            for (window, view) in matches {
                print("\(TextFormat.shortPath(window)) \(view)")
            }
        }
    }
}
