public import SceneErrors

/// An error from the renderer: a code to switch on and a message that names the bad value and the fix.
public typealias RenderError = CodedError<RenderFailure>

/// The kinds of ``RenderError``.
public enum RenderFailure: ErrorDomain {}

extension ErrorCode where Domain == RenderFailure {
    /// The scale is not a finite number in 0 < scale ≤ ``Renderer/maximumScale``.
    public static var invalidScale: Self { Self("invalidScale") }
    /// The image would exceed ``Renderer/maximumPixelCount`` pixels or the maximum side.
    public static var imageTooLarge: Self { Self("imageTooLarge") }
    /// Bytes that should be a PNG are not one.
    public static var invalidImage: Self { Self("invalidImage") }
}
