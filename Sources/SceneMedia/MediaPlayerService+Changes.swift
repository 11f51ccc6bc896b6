import DBusKit
import Logging
public import SceneCore

/// Model changes that can change what MPRIS clients see, and `PropertiesChanged`:
///
/// | model change | may change |
/// |---|---|
/// | a first responder changes, the application's key window changes | the track (`Metadata`), every `Can…`, `PlaybackStatus` |
/// | remote-control reception begins or ends | every `Can…`, `Metadata`, `PlaybackStatus` |
/// | scenes or windows come and go | the same (and the window number in the track id) |
/// | a view's accessibility identifier changes | `Metadata` (the title and track id) |
/// | the first responder (or a responder above it) handles a remote-control event, from MPRIS or `Host1.SendRemoteControl` | `PlaybackStatus` |
///
/// Each callback takes a ``PlayerSnapshot`` and announces only what differs from the last one.
extension MediaPlayerService: ApplicationObserver {
    public func firstResponderDidChange(in window: Window, from old: Responder?, to new: Responder?) {
        refresh()
    }

    public func applicationKeyWindowDidChange(from old: Window?, to new: Window?) {
        refresh()
    }

    public func remoteControlReceivingDidChange(_ isReceiving: Bool) {
        refresh()
    }

    public func windowsDidChange(in scene: WindowScene) {
        refresh()
    }

    public func sceneDidConnect(_ scene: WindowScene) {
        refresh()
    }

    public func sceneDidDisconnect(_ scene: WindowScene) {
        refresh()
    }

    /// A handled remote-control event changes the playback state of the responder it started at (the
    /// first responder, which is the player's target) [FR-9].
    public func remoteControlWasDelivered(_ subtype: Event.EventSubtype, handledBy: Responder?) {
        guard handledBy != nil else { return }
        remoteControlWasHandled(subtype)
    }

    /// A responder handled a remote-control event delivered to the player's target outside the model
    /// the player observes (in a scene process, which the host hears of by its
    /// `RemoteControlDelivered` signal): the target's playback state follows, as for one in the model.
    public func remoteControlWasHandled(_ subtype: Event.EventSubtype) {
        guard !isShutDown, let track = currentTarget() else { return }
        var state = playbackState(of: track)
        _ = state.apply(subtype, now: host.application.clock.now)
        store(state, for: track)
        refresh()
    }

    /// Something the player's target depends on changed outside the model it observes (a scene
    /// process's first responders or its remote-control reception, its crash or restart): announces
    /// what clients now see differently.
    public func targetMayHaveChanged() {
        refresh()
    }

    public func accessibilityDidChange(_ change: AccessibilityChange, of view: View) {
        if change == .identifier { refresh() }
    }

    /// Announces the `org.mpris.MediaPlayer2.Player` properties that changed since the last call.
    func refresh() {
        guard !isShutDown else { return }
        let current = snapshot()
        let names = current.changedProperties(since: published)
        published = current
        guard !names.isEmpty else { return }
        do {
            try connection.emitPropertiesChanged(path: MediaPlayerNames.objectPath, interface: MediaPlayerNames.playerInterface, properties: names)
        } catch {
            logEmitFailure(error)
        }
    }

    /// Logs the first failure to emit a signal (the bus went away), then stays quiet.
    func logEmitFailure(_ error: any Error) {
        guard !emitFailureLogged else { return }
        emitFailureLogged = true
        logger.warning("cannot emit MPRIS signals: \(error); ignoring")
    }
}
