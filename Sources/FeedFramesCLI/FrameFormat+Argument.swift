import ArgumentParser
import Foundation
import FrameRendering

extension FrameFormat {
    /// `--format html,json`: formats in the order given, each once.
    static func list(_ text: String) throws -> [FrameFormat] {
        var formats: [FrameFormat] = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false).map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let format = FrameFormat(rawValue: name) else {
                throw ValidationError(name.isEmpty ? "empty format (expected html, text or json, comma-separated)"
                                                   : "unknown format '\(name)' (expected html, text or json)")
            }
            if !formats.contains(format) { formats.append(format) }
        }
        return formats
    }
}
