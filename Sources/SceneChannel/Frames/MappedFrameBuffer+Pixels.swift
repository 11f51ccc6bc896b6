extension MappedFrameBuffer {
    /// A copy of the picture as `0xAARRGGBB` pixels with straight alpha, row-major, top row first,
    /// `format.width × format.height` of them (the stride's padding left out). The buffer holds
    /// Cairo's ARGB32: native-endian words with premultiplied alpha, which this undoes.
    ///
    /// Reads a buffer the scene may be scribbling on (a scene that breaks the slot protocol): what
    /// comes out is then a spoiled picture, never a fault.
    public func straightPixels() -> [UInt32] {
        let width = Int(format.width), height = Int(format.height), stride = Int(format.stride)
        var pixels = [UInt32](repeating: 0, count: width * height)
        withUnsafeBytes { bytes in
            pixels.withUnsafeMutableBufferPointer { out in
                for row in 0..<height {
                    let source = bytes.baseAddress!.advanced(by: row * stride)
                    for column in 0..<width {
                        let word = source.loadUnaligned(fromByteOffset: column * 4, as: UInt32.self)
                        out[row * width + column] = Self.unpremultiplied(word)
                    }
                }
            }
        }
        return pixels
    }

    /// One premultiplied ARGB word with its colour divided by its alpha (rounded).
    static func unpremultiplied(_ word: UInt32) -> UInt32 {
        let alpha = word >> 24
        if alpha == 255 { return word }
        if alpha == 0 { return 0 }
        func channel(_ shift: UInt32) -> UInt32 { min(255, (((word >> shift) & 0xFF) * 255 + alpha / 2) / alpha) << shift }
        return alpha << 24 | channel(16) | channel(8) | channel(0)
    }
}
