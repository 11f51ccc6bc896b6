import DBusKit
import Logging
import SceneBusServing
import SceneCore

/// `org.mpris.MediaPlayer2.Player` at `/org/mpris/MediaPlayer2`: the commands, `Seeked`, and the
/// properties, read from the live model on every `Get`.
extension MediaPlayerService {
    func playerInterface() -> InterfaceDescription {
        InterfaceDescription(
            MediaPlayerNames.playerInterface, gate: gate,
            methods: [
                command("Next", .next),
                command("Previous", .previous),
                command("Pause", .pause),
                command("PlayPause", .playPause),
                command("Stop", .stop),
                command("Play", .play),
                .deferredMethod("Seek", access: .changes, inputs: [.init("Offset", .int64)]) { call, reply in
                    do {
                        let offset = try call.read { reader in try reader.readInt64() }
                        try self.perform(.seek(offset: offset), call, reply: reply)
                    } catch {
                        reply.fail(error)
                    }
                },
                .deferredMethod("SetPosition", access: .changes, inputs: [.init("TrackId", .objectPath), .init("Position", .int64)]) { call, reply in
                    do {
                        let (track, position) = try call.read { reader in (try reader.readObjectPath(), try reader.readInt64()) }
                        try self.perform(.setPosition(track: track, position: position), call, reply: reply)
                    } catch {
                        reply.fail(error)
                    }
                },
                .method("OpenUri", access: .changes, inputs: [.init("Uri", .string)]) { call in
                    let uri = try call.read { reader in try reader.readString() }
                    throw MediaPlayerError.unsupportedURI(uri).busError
                },
            ],
            signals: [SignalDescription(MediaPlayerNames.seeked, arguments: [.init("Position", .int64)])],
            properties: [
                PropertyDescription("PlaybackStatus", signature: .string) { .string(self.snapshot().status.rawValue) },
                writable(HostProperty("Rate", signature: .double, access: .changes, get: { .double(1) }, set: { _ in self.ignoreWrite("Rate") })),
                PropertyDescription("Metadata", signature: "a{sv}") { self.snapshot().metadata },
                writable(HostProperty("Volume", signature: .double, access: .changes, get: { .double(1) }, set: { _ in self.ignoreWrite("Volume") })),
                PropertyDescription("Position", signature: .int64, changeBehavior: .notEmitted) { .int64(self.position()) },
                PropertyDescription("MinimumRate", signature: .double, changeBehavior: .constant) { .double(1) },
                PropertyDescription("MaximumRate", signature: .double, changeBehavior: .constant) { .double(1) },
            ] + PlayerSnapshot.capabilityProperties.map { name in
                PropertyDescription(name, signature: .bool) { .bool(self.snapshot().canControl) }
            })
    }

    private func writable(_ property: HostProperty) -> PropertyDescription {
        gate.property(property, of: MediaPlayerNames.playerInterface)
    }

    private func command(_ name: MemberName, _ command: MediaCommand) -> HostMethod {
        .deferredMethod(name, access: .changes) { call, reply in
            do {
                try self.perform(command, call, reply: reply)
            } catch {
                reply.fail(error)
            }
        }
    }

    /// Runs one MPRIS command: admits it against the caller's call budget, then, when there is a
    /// first responder to control, delivers the plan's remote-control events through the host's
    /// path, one after the other, and replies once they were delivered (for a scene in a process of
    /// its own, once its process answered). The status follows from the delivery
    /// (``remoteControlWasDelivered(_:handledBy:)``, ``remoteControlWasHandled(_:)``); a handled seek
    /// moves the position here and is announced with `Seeked`. Without a first responder
    /// (`CanControl` false) the command does nothing, as MPRIS specifies.
    ///
    /// - Throws: `org.scenehost.Error.LimitsExceeded` when the caller exceeded its call budget.
    func perform(_ command: MediaCommand, _ call: MethodCall, reply: DeferredReply) throws {
        let caller = call.sender?.rawValue ?? "anonymous"
        try host.admitCall(from: caller, budgetKey: budgetKey(for: caller))
        guard let track = currentTarget() else {
            logger.debug(
                "MPRIS \(command.methodName) from \(caller) does nothing: no first responder receives remote-control events (CanControl is false)",
                metadata: ["topic": "bus"])
            return reply.reply([])
        }
        let plan = playbackState(of: track).plan(command, track: track.identifier, now: host.application.clock.now)
        if let reason = plan.ignoredBecause {
            logger.debug("MPRIS \(command.methodName) from \(caller) ignored: \(reason)", metadata: ["topic": "bus"])
            return reply.reply([])
        }
        deliver(plan.subtypes[...], handled: false) { [weak self] handled in
            defer { reply.reply([]) }
            guard let self else { return }
            self.logger.debug(
                "MPRIS \(command.methodName) from \(caller) → \(plan.subtypes.map(\.wireName).joined(separator: ", ")), \(handled ? "handled" : "handled by nobody")",
                metadata: ["topic": "bus"])
            guard handled, !self.isShutDown, let seekTarget = plan.seekTarget else { return }
            var state = self.playbackState(of: track)
            let change = state.seek(to: seekTarget, now: self.host.application.clock.now)
            self.store(state, for: track)
            if let position = change.seekedTo {
                self.emitSeeked(position)
            }
        }
    }

    /// Delivers `subtypes` in order, each once the one before was delivered; `completion` gets
    /// whether any was handled.
    private func deliver(
        _ subtypes: ArraySlice<Event.EventSubtype>, handled: Bool, completion: @escaping @MainActor (_ handled: Bool) -> Void
    ) {
        guard let subtype = subtypes.first else { return completion(handled) }
        host.sendRemoteControl(subtype) { [weak self] handledThis in
            guard let self else { return completion(handled || handledThis) }
            self.deliver(subtypes.dropFirst(), handled: handled || handledThis, completion: completion)
        }
    }

    /// `Position`: the first responder's position now, 0 without one.
    private func position() -> Int64 {
        guard let track = currentTarget() else { return 0 }
        return playbackState(of: track).position(at: host.application.clock.now)
    }

    private func ignoreWrite(_ property: String) {
        logger.debug("MPRIS \(property) is fixed at 1.0; the write is ignored", metadata: ["topic": "bus"])
    }

    private func emitSeeked(_ position: Int64) {
        do {
            try connection.emitSignal(
                path: MediaPlayerNames.objectPath, interface: MediaPlayerNames.playerInterface, member: MediaPlayerNames.seeked,
                arguments: [.int64(position)])
        } catch {
            logEmitFailure(error)
        }
    }
}
