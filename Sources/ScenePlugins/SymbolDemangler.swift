import Foundation
import Glibc

/// Turns Swift's mangled symbol names (`$s9SceneCore5LabelC…`) into what a person reads
/// (`SceneCore.Label.init(frame:text:)`), with the Swift runtime's own demangler (`swift_demangle`
/// in libswiftCore.so, found with `dlsym`), so a plugin that needs a symbol the loaded core lacks is
/// refused naming the declaration.
public enum SymbolDemangler {
    private typealias DemangleFunction = @convention(c) (
        UnsafePointer<CChar>?, Int, UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<Int>?, UInt32
    ) -> UnsafeMutablePointer<CChar>?

    /// The demangled form of `symbol`, or nil when it is not a Swift symbol.
    public static func demangle(_ symbol: String) -> String? {
        guard symbol.hasPrefix("$s") || symbol.hasPrefix("_$s") || symbol.hasPrefix("$S"),
            let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "swift_demangle")  // RTLD_DEFAULT
        else { return nil }
        let function = unsafeBitCast(address, to: DemangleFunction.self)
        let result = symbol.withCString { function($0, strlen($0), nil, nil, 0) }
        guard let result else { return nil }
        defer { free(result) }
        return String(cString: result)
    }

    /// `text` with every mangled Swift symbol in it followed by its demangled form in parentheses:
    /// `undefined symbol: $s9Scene… (SceneCore.Label.init(frame:text:))`.
    public static func annotate(_ text: String) -> String {
        var output = ""
        for (index, word) in text.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { output += " " }
            let trimmed = word.trimmingCharacters(in: CharacterSet(charactersIn: ",;:()"))
            if let readable = demangle(trimmed) {
                output += "\(word) (\(readable))"
            } else {
                output += word
            }
        }
        return output
    }
}
