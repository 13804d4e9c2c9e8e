import CommandLineKit
import FeedEngine
import Foundation
import FrameGallery
import FrameRendering

/// `feedframes preview`: a static gallery of every state of each preset, to
/// review texts, colours and templates at a glance without writing scenarios.
enum PreviewCommand {
    static let spec = CommandSpec(
        "preview",
        abstract: "Write a gallery of every state, preset × locale × state.",
        discussion: """
            For each preset and locale, a short script of events brings the list into each state \
            (header idle, armed, refreshing; footer idle, armed, loading, failed, exhausted; retry \
            button; toast; empty view; content shorter than the screen) and the frame that shows it \
            is written as HTML (validated), JSON and text under <out>/<preset>-<locale>/. \
            <out>/index.html shows them in one grid; <out>/gallery.json lists every cell and its \
            script. States a preset's rules never show are marked as not reachable. The folder is \
            written whole or not at all.
            """,
        options: [
            .option("preset", valueName: "preset", help: "A preset to show (repeatable; default: all).",
                    repeating: true, commaSeparated: true),
            .option("locale", valueName: "locale",
                    help: "A locale to show every preset in: en, zh-Hans, zh-Hant (repeatable; default: each preset's own).",
                    repeating: true, commaSeparated: true),
            .option("out", short: "o", valueName: "dir", help: "Folder to write the gallery into.", required: true),
            .option("templates", valueName: "dir", help: "Templates to use instead of the defaults (file by file)."),
        ])

    static func run(_ invocation: Invocation, console: Console) -> Result<Void, CommandFailure> {
        Result { () throws(CommandFailure) in
            let usage = "Usage: \(HelpFormatter.usage(for: [FeedFramesCLI.root, spec]))"
            var presets: [Preset] = []
            for name in invocation.values("preset") {
                guard let preset = Preset.named(name) else {
                    throw CommandFailure(.usage, ["Error: unknown preset '\(name)' (expected \(Preset.all.map(\.name).joined(separator: ", ")))", usage])
                }
                if !presets.contains(preset) { presets.append(preset) }
            }
            var locales: [String] = []
            for locale in invocation.values("locale") {
                guard FeedTexts.forLocale(locale) != nil else {
                    throw CommandFailure(.usage, ["Error: unknown locale '\(locale)' (expected \(FeedTexts.locales.joined(separator: ", ")))", usage])
                }
                if !locales.contains(locale) { locales.append(locale) }
            }
            let out = invocation.value("out") ?? "preview"
            let (templates, validator) = try TemplateLocator.load(custom: invocation.value("templates"))

            let gallery: Gallery
            do throws(GalleryError) {
                gallery = try Gallery.build(presets: presets.isEmpty ? Preset.all : presets, locales: locales.isEmpty ? nil : locales)
            } catch {
                throw CommandFailure(.failure, "preview: \(error)")
            }
            let frames: Int
            do throws(RenderError) {
                let writer: FrameWriter
                do throws(OutputError) { writer = try FrameWriter(target: URL(fileURLWithPath: out), marker: "gallery.json") } catch { throw .output(error) }
                frames = try GalleryWriter(templates: templates, validator: validator).write(gallery, into: writer, displayFolder: out)
                do throws(OutputError) { try writer.commit() } catch { throw .output(error) }
            } catch {
                switch error {
                case .output: throw CommandFailure(.cannotCreate, error.description)
                case .template, .limit: throw CommandFailure(.dataError, error.description)
                case .invalid: throw CommandFailure(.failure, error.description)
                }
            }
            let unreachable = gallery.rows.flatMap(\.cells).count - frames
            console.out("Wrote \(gallery.rows.count) row\(gallery.rows.count == 1 ? "" : "s") (preset × locale), \(frames) frames, "
                        + "all HTML frames valid; \(unreachable) state\(unreachable == 1 ? "" : "s") not reachable in their preset.")
            console.out("Open \(URL(fileURLWithPath: out).appendingPathComponent("index.html").standardizedFileURL.path)")
        }
    }
}
