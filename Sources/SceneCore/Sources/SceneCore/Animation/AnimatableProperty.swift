/// A view property that ``View/animate(withDuration:delay:options:animations:completion:)`` animates
/// [AN-2]. A change of ``View/frame`` animates ``bounds`` and ``center`` (as Core Animation animates a
/// layer's bounds and position).
public enum AnimatableProperty: String, Hashable, Sendable, CaseIterable {
    case bounds
    case center
    case transform
    case alpha
    case backgroundColor
}
