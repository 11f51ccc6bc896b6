/// The `animate` block running now on the main actor, if any: the animatable setters record their
/// changes into it [AN-2].
///
/// UIKit's `animate` is a class method whose block takes no argument, so a setter can only learn
/// that it runs inside one from the context of the call. This is that context, and it is scoped, not
/// state: ``run(_:_:)`` sets it for exactly the length of one block and restores the outer value
/// when the block returns (a nested block shadows its outer one; `performWithoutAnimation` shadows
/// it with nil). Outside every `animate` call it is nil. It is main-actor isolated, as the views are.
///
/// Why not a `@TaskLocal`: every frame, bounds, center, transform, alpha and colour change reads it,
/// and a layout pass makes hundreds of them. A task-local read measured 28–38 ns here (release,
/// Swift 6.3.1), which would about double the cost of laying out the 482-view window of
/// `RenderBench layout`; this read is one load.
@MainActor
enum AnimationScope {
    /// The innermost open block; nil outside every `animate` call.
    private(set) static var open: AnimationTransaction?

    /// Runs `body` with `transaction` as the open block, then restores the one before.
    static func run(_ transaction: AnimationTransaction?, _ body: () -> Void) {
        let outer = open
        open = transaction
        defer { open = outer }
        body()
    }
}
