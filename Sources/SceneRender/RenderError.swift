/// An error from the renderer: a code to switch on and a message that names the bad value and the fix.
public struct RenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong. A struct of static constants so that codes can be added without breaking
    /// exhaustive switches in clients.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Value: Hashable, Sendable {
            case invalidScale
            case imageTooLarge
            case invalidImage
        }

        private let value: Value

        /// The scale is not a finite number in 0 < scale ≤ ``Renderer/maximumScale``.
        public static let invalidScale = Code(value: .invalidScale)
        /// The image would exceed ``Renderer/maximumPixelCount`` pixels or the maximum side.
        public static let imageTooLarge = Code(value: .imageTooLarge)
        /// Bytes that should be a PNG are not one.
        public static let invalidImage = Code(value: .invalidImage)

        public var description: String {
            switch value {
            case .invalidScale: "invalidScale"
            case .imageTooLarge: "imageTooLarge"
            case .invalidImage: "invalidImage"
            }
        }
    }

    public let code: Code
    public let message: String

    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
