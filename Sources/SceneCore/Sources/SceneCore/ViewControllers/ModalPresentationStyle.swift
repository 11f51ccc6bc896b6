/// How a presented controller covers its window [NV-8]: UIKit's `UIModalPresentationStyle`, the two
/// styles a window without a split view has.
public enum ModalPresentationStyle: String, Sendable, CaseIterable {
    /// Covers the whole window.
    case fullScreen
    /// A card that leaves ``ViewController/sheetTopInset`` of the window above it and dims what
    /// lies under it.
    case pageSheet
}
