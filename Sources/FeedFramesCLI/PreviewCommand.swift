import FrameFolder
import ArgumentParser
import FeedEngine
import FeedScenario
import Foundation
import FrameGallery
import FrameRendering

/// `feedframes preview`: a static gallery of every state of each preset, to
/// review texts, colours and templates at a glance without writing scenarios.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Write a gallery of every state, preset × locale × state.",
        discussion: """
            For each preset, locale, appearance and content size, a short script of events brings the list into each state \
            (header idle, armed, refreshing; footer idle, armed, loading, failed, exhausted; retry \
            button; toast; empty view; content shorter than the screen) and the frame that shows it \
            is written as HTML (validated), JSON and text under <out>/<preset>-<locale>/. \
            <out>/index.html shows them in one grid; <out>/gallery.json lists every cell and its \
            script. States a preset's rules never show are marked as not reachable. The folder is \
            written whole or not at all.
            """)

    @Option(name: .customLong("preset"), parsing: .singleValue,
            help: ArgumentHelp("A preset to show (repeatable, or comma-separated; default: all).", valueName: "preset"),
            transform: Preset.list)
    var presetLists: [[Preset]] = []

    @Option(name: .customLong("locale"), parsing: .singleValue,
            help: ArgumentHelp("A locale to show every preset in: a BCP 47 tag, e.g. en, zh-Hant, ja, ar (repeatable; default: each preset's own).",
                               valueName: "locale"),
            transform: FeedTexts.localeList)
    var localeLists: [[String]] = []

    @Option(name: .customLong("appearance"), parsing: .singleValue,
            help: ArgumentHelp("An appearance to show every preset in: light or dark (repeatable; default: light).", valueName: "appearance"))
    var appearances: [Appearance] = []

    @Option(name: .customLong("content-size"), parsing: .singleValue,
            help: ArgumentHelp("A Dynamic Type size to show every preset at, e.g. accessibility2 (repeatable; default: large).", valueName: "size"))
    var contentSizes: [ContentSize] = []

    @Option(help: ArgumentHelp("Show every state on this device: its screen and safe area (feedframes devices lists them), e.g. \"iPhone 15\".",
                               valueName: "device"))
    var device: Device?

    @Option(name: [.short, .long], help: ArgumentHelp("Folder to write the gallery into.", valueName: "dir"))
    var out: String

    @OptionGroup var templates: TemplateOptions

    @Flag(help: "Also write a PNG of each cell (<row>/<state>.png) and a contact sheet of them all (contact-sheet.png; needs Chromium, and ImageMagick for the sheet).")
    var png = false

    @Flag(help: "Also write an animated GIF of each row's states, <row>/<row>.gif (implies --png; needs ImageMagick).")
    var gif = false

    func run() throws {
        let console = Console()
        let presets = presetLists.joined().reduce(into: [Preset]()) { if !$0.contains($1) { $0.append($1) } }
        let locales = localeLists.joined().reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        for note in locales.compactMap({ LocaleMatch.match($0)?.fallbackNote }) { console.error("--locale: \(note)") }
        let (templates, validator) = try TemplateLocator.load(custom: templates.templates)
        let gallery: Gallery
        do throws(GalleryError) {
            gallery = try Gallery.build(presets: presets.isEmpty ? Preset.all : presets, locales: locales.isEmpty ? nil : locales,
                                        appearances: appearances.isEmpty ? [.standard] : appearances.reduce(into: []) { if !$0.contains($1) { $0.append($1) } },
                                        contentSizes: contentSizes.isEmpty ? [.standard] : contentSizes.reduce(into: []) { if !$0.contains($1) { $0.append($1) } },
                                        device: device)
        } catch {
            throw CommandFailure(.failure, "preview: \(error)")
        }
        let frames: Int
        do throws(RenderError) {
            let writer: FrameWriter
            do throws(OutputError) { writer = try FrameWriter(target: URL(fileURLWithPath: out), kind: .gallery) } catch { throw .output(error) }
            let galleryWriter = GalleryWriter(templates: templates, validator: validator)
            frames = try galleryWriter.write(gallery, into: writer, displayFolder: out)
            if png || gif {
                let sheet = GalleryImages(gallery: gallery, writer: writer, console: console).make(animations: gif)
                let exists = { (name: String) in FileManager.default.fileExists(atPath: writer.temporary.appendingPathComponent(name).path) }
                try galleryWriter.writePage(gallery, sheet: sheet, exists: exists, into: writer, displayFolder: out)
            }
            do throws(OutputError) { try writer.commit() } catch { throw .output(error) }
        } catch {
            throw CommandFailure(error)
        }
        let unreachable = gallery.rows.flatMap(\.cells).count - frames
        console.out("Wrote \(gallery.rows.count) row\(gallery.rows.count == 1 ? "" : "s") (preset × locale × look), \(frames) frame\(frames == 1 ? "" : "s"), "
                    + "all HTML frames valid; \(unreachable) state\(unreachable == 1 ? "" : "s") not reachable in their preset.")
        console.out("Open \(URL(fileURLWithPath: out).appendingPathComponent("index.html").standardizedFileURL.path)")
    }
}
