/// Something in the host that can have work pending (SceneCore's model, the clock, scripted input,
/// renderers, a display's input queue and frames): registered with the host's
/// ``PendingWorkRegistry``, which asks every source when it decides whether the host is idle.
///
/// A source tells the registry when its work may have finished (``PendingWorkRegistry/setNeedsCheck()``)
/// unless that always happens through a model event, a clock timer or scripted input, which the
/// registry follows itself. Main actor.
@MainActor
public protocol PendingWorkSource: AnyObject {
    /// Appends what is still pending; nothing when this source is idle. Called after events, so keep
    /// it cheap (no view-tree walks).
    func appendBusySources(to list: inout [BusySource])
    /// Does now the work that is the host's own to do and needs no time to pass (a redraw owed to
    /// kept pixels). Called before the list is read while someone waits for idle. Default: nothing.
    func settle()
}

extension PendingWorkSource {
    public func settle() {}
}
