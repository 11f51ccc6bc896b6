import ArgumentParser

/// `--address`: which bus the host is on. Every subcommand has it; see ``HostLocator`` for what
/// happens without it.
struct ConnectionOptions: ParsableArguments, Sendable {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The D-Bus address of the bus the host is on (overrides SCENEHOST_BUS_ADDRESS and discovery).",
            valueName: "address"))
    var address: String?

    func validate() throws {
        if let address, address.allSatisfy(\.isWhitespace) {
            throw ValidationError("--address is empty; give a D-Bus address such as unix:path=/run/user/1000/bus")
        }
    }
}
