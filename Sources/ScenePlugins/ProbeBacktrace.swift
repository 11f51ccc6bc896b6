import Foundation

/// The crash report of a probe child that ran with Swift's backtracer on: the fatal-error line, the
/// crash headline and the crashed thread's frames, symbolicated (function, library, file and line).
public struct ProbeBacktrace: Sendable, Equatable {
    /// The backtracer settings for a child whose crash should be explained: text without colour or
    /// prompts, symbolicated, only the crashed thread, no registers or image list.
    public static let environment = [
        "SWIFT_BACKTRACE":
            "enable=yes,interactive=no,color=no,symbolicate=full,threads=crashed,registers=none,images=none,sanitize=no,limit=48,top=8"
    ]

    /// `… Fatal error: …` when the runtime printed one.
    public let fatalError: String?
    /// `Program crashed: Illegal instruction at 0x…`.
    public let headline: String?
    /// The crashed thread's frames, in order, as the backtracer printed them (trimmed).
    public let frames: [String]

    /// Reads a child's standard error; nil when it holds no backtrace.
    public init?(stderr: String) {
        let lines = stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        fatalError = lines.first { $0.contains("Fatal error") }?.trimmingCharacters(in: .whitespaces)
        headline = lines.first { $0.contains("Program crashed:") }.map {
            $0.replacingOccurrences(of: "***", with: "").trimmingCharacters(in: .whitespaces)
        }
        var frames: [String] = []
        var inThread = false
        for line in lines {
            if line.hasPrefix("Thread ") && line.hasSuffix("crashed:") {
                inThread = true
                continue
            }
            guard inThread else { continue }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {
                if !frames.isEmpty { break }
                continue
            }
            if trimmed == "..." { continue }
            frames.append(trimmed)
        }
        guard headline != nil || !frames.isEmpty else { return nil }
        self.frames = frames
    }

    /// The frames in `library` (a file name such as `libClock.so`), each as
    /// `Function at /path/File.swift:LINE:COL`: where the plugin's own code was when it crashed.
    public func frames(in library: String) -> [String] {
        frames.compactMap { frame in
            guard let range = frame.range(of: " in \(library)") else { return nil }
            let function = frame[..<range.lowerBound]
            let symbol = function.split(separator: " ", omittingEmptySubsequences: true).drop { !$0.hasPrefix("0x") }.dropFirst()
                .joined(separator: " ")
            let location = frame[range.upperBound...].trimmingCharacters(in: .whitespaces)
            let at = location.hasPrefix("at ") ? " " + location : ""
            let name = symbol.split(separator: " + ").first.map(String.init) ?? symbol
            return "\(name)\(at)"
        }
    }

    /// The report as lines: the fatal error, the headline, then the frames.
    public var lines: [String] {
        [fatalError, headline].compactMap { $0 } + frames
    }
}
