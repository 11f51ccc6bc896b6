/// The owner of the gesture arena a recognizer takes part in, as the recognizer sees it: where it
/// reports what happens to it while no arbitration is running. A ``Window`` is one (its arena is
/// `Window.gestureArena`); the recognizer reaches it through its view, or when it leaves through its
/// touches, and knows nothing else of it.
///
/// This is the recognizer's side of the arena, as a member's arena entry is in Flutter's gesture
/// arena: inputs go in through it; what the arena decides comes back out as the host carries out its
/// actions.
@MainActor
protocol GestureArenaHost: AnyObject {
    /// `member` asked for a transition while no arbitration was running (a timer fired, or code set
    /// its state) [GR-8, GR-13, GR-14]. The host settles its arena now and delivers to its views what
    /// that released [GR-9]. Called only when the host's arena is idle.
    func gestureArenaMemberDidRequestTransition(_ member: GestureRecognizer)

    /// `member` stopped taking part (disabled, removed from its view, its view removed from the window)
    /// and has made its leaving transition [GR-11]. The host takes it out of its arena and resets it;
    /// when no arbitration is running, it settles the rest now.
    func gestureArenaMemberDidLeave(_ member: GestureRecognizer)
}
