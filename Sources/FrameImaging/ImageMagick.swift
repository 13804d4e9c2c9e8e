import Foundation

/// ImageMagick (Debian's `imagemagick`), for `--gif` and `preview --png`'s contact sheet.
///
/// Chosen over an encoder of FeedFrames' own: a GIF needs each frame cut down to a palette of
/// 256 colours and LZW-coded, and a good animation also only stores what changed between frames
/// (`-layers OptimizeFrame`); ImageMagick does all three well, and Debian ships it. `magick` (version 7)
/// is used when present, else `convert` and `montage` (version 6, Debian 12), each checked by its
/// `-version` (a program merely named `convert` may be something else).
public struct ImageMagick: Sendable {
    /// The program and the arguments that come before a command's own: `magick montage …` or `montage …`.
    let convert: [String]
    let montage: [String]

    /// The Debian package to install when it is missing.
    public static let package = "imagemagick"

    /// Why an image could not be made.
    public enum Failure: Error, CustomStringConvertible {
        /// Neither `magick` nor ImageMagick's `convert` is on the PATH.
        case missing
        /// ImageMagick ran and failed: its exit status and what it said.
        case failed(String, status: Int32, message: String)

        public var description: String {
            switch self {
            case .missing:
                return "needs ImageMagick's convert or magick on the PATH (apt-get install \(ImageMagick.package), "
                    + "or FEEDFRAMES_BROWSER=1 bash .ci/install)"
            case .failed(let what, let status, let message):
                return "ImageMagick could not write \(what) (exit \(status)): \(message.split(separator: "\n").first ?? "")"
            }
        }
    }

    /// ImageMagick on the PATH.
    public static func find() throws(Failure) -> ImageMagick {
        if let magick = program("magick"), isImageMagick(magick) {
            return ImageMagick(convert: [magick], montage: [magick, "montage"])
        }
        if let convert = program("convert"), isImageMagick(convert), let montage = program("montage") {
            return ImageMagick(convert: [convert], montage: [montage])
        }
        throw .missing
    }

    /// An animated GIF of `frames` (PNG paths relative to `folder`, each with its delay in hundredths
    /// of a second), looping, written to `gif` in `folder`.
    public func gif(_ frames: [(png: String, delay: Int)], named gif: String, in folder: URL) throws(Failure) {
        // Per frame `-delay` before its file; `+dither`: flat interface colours stay flat (no noise
        // where a colour misses the palette); `-layers OptimizeFrame`: each frame stores only the box that
        // changed (measured on 148 frames: 17% smaller and a third faster than `Optimize`, whose
        // transparency pass made these GIFs larger).
        var arguments = ["-loop", "0", "+dither"]
        for frame in frames { arguments += ["-delay", String(frame.delay), frame.png] }
        arguments += ["-layers", "OptimizeFrame", gif]
        try run(convert, arguments, in: folder, what: gif)
    }

    /// One image of `cells` (paths relative to `folder`, each with its label; `nil` leaves its
    /// place in the grid empty), `columns` a row, each cell scaled to fit `width` × `height`.
    public func contactSheet(_ cells: [(png: String, label: String)?], columns: Int, cell width: Int, _ height: Int,
                      named sheet: String, in folder: URL) throws(Failure) {
        // A font by its file: ImageMagick's default (Helvetica, from Ghostscript) is often not installed.
        let font = Self.labelFonts.first { FileManager.default.fileExists(atPath: $0) }
        var arguments = (font.map { ["-font", $0] } ?? []) + ["-background", "#f2f2f7", "-fill", "#1c1c1e", "-pointsize", "13", "-depth", "8",
                         "-tile", "\(max(1, columns))x", "-geometry", "\(width)x\(height)+6+6"]
        // A label starting with @ would name a file to read; % is ImageMagick's escape.
        for cell in cells { arguments += cell.map { ["-label", Self.literal($0.label), $0.png] } ?? ["-label", "", "null:"] }
        arguments.append(sheet)
        try run(montage, arguments, in: folder, what: sheet)
    }

    /// The labels' font: Inter (`fonts-inter`, which the frames use too), else DejaVu Sans.
    static let labelFonts = ["/usr/share/fonts/opentype/inter/Inter-Regular.otf", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"]

    /// `text` as ImageMagick shows it, not as a file name (`@…`) or an escape (`%…`).
    static func literal(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "%", with: "%%").replacingOccurrences(of: "\\", with: "\\\\")
        return escaped.hasPrefix("@") ? "\\" + escaped : escaped
    }

    private func run(_ command: [String], _ arguments: [String], in folder: URL, what: String) throws(Failure) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst()) + arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        do { try process.run() } catch { throw .failed(what, status: -1, message: "\(error)") }
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw .failed(what, status: process.terminationStatus, message: String(decoding: message, as: UTF8.self))
        }
    }

    /// `name` on the PATH, if it is there and executable.
    static func program(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether `program` is executable and `program -version` says it is ImageMagick (a `convert`
    /// on the PATH may be something else).
    public static func isImageMagick(_ program: String) -> Bool {
        guard FileManager.default.isExecutableFile(atPath: program) else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["-version"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 && text.contains("ImageMagick")
    }
}
