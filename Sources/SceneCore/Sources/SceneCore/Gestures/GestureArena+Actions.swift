extension GestureArena {
    /// What a settlement asks its owner to do next (``advance(_:)``). The owner carries it out, runs
    /// whatever code that calls, and calls ``advance(_:)`` again (after ``Settlement/answer(_:)`` for
    /// a question), until `done`.
    enum Action {
        /// Make the transition: the member's state becomes `state`, its actions run (not for failed),
        /// observers are told [GR-4]. The member clears the transition it had asked for.
        case apply(Member, GestureRecognizer.State)
        /// Cut every touch the member took since its reset off its view: a view that had `touchesBegan`
        /// gets `touchesCancelled`, held phases are dropped [GR-9 cancelsTouchesInView].
        case cutOffTouches(Member)
        /// The member left the arena, its touches gone: reset it (`reset()` runs, it is `possible`
        /// again and outside) [GR-10].
        case reset(Member)
        /// Answer the question with ``Settlement/answer(_:)`` before advancing again.
        case ask(Question)
        /// Nothing more to do: the arena is settled.
        case done
    }

    /// A question only the members' code can answer: their delegates, their subclass hooks, their
    /// views. The owner asks exactly what the question names, in the order given, stopping at the
    /// first answer that decides it.
    enum Question {
        /// Does `a` prevent `b` [GR-6]: `a.canPrevent(b)`, `b.canBePrevented(by: a)`, and neither
        /// `a`'s delegate nor `b`'s allows the two to recognize together?
        case prevents(Member, Member)
        /// Must `member` wait for `other` to fail [GR-8]: `member`'s delegate `shouldRequireFailureOf`,
        /// `other`'s delegate `shouldBeRequiredToFailBy`, `member.shouldRequireFailure(of:)`,
        /// `other.shouldBeRequiredToFail(by:)` — any yes?
        case requiresFailure(Member, of: Member)
        /// May `member` begin [GR-5 steps 2 and 3]: its delegate's `gestureRecognizerShouldBegin`, then
        /// `gestureRecognizerShouldBegin` of its own view, then of each distinct view its touches are
        /// bound to [UC-7] — all yes?
        case mayBegin(Member)
    }
}
