import FeedFramesResources
import Foundation
import FrameRendering
import Mustache
import XHTMLValidation

/// Finds the templates of a run: the ones compiled into the binary, replaced
/// file by file by `--templates DIR`, and nothing else. Where the binary lives
/// never matters: one built in a checkout renders what a copied one does.
enum TemplateLocator {
    static func load(custom: String?) throws(CommandFailure) -> (FrameTemplates, FrameValidator) {
        var sources = Embedded.templates
        var origins = Dictionary(uniqueKeysWithValues: sources.keys.map { ($0, "embedded \($0)") })
        if let custom {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: custom, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw CommandFailure(.noInput, "\(custom): no such templates folder")
            }
            try overlay(URL(fileURLWithPath: custom), shownAs: custom, &sources, &origins)
        }
        let templates: FrameTemplates
        do {
            templates = try FrameTemplates(sources: sources, origins: origins)
        } catch {
            throw CommandFailure(.dataError, error.description)
        }
        do {
            return (templates, try FrameValidator(schemaText: templates.schema, name: origins["frame.rng"] ?? "frame.rng"))
        } catch {
            throw CommandFailure(.dataError, error.issues.map(\.description))
        }
    }

    /// Only plain files directly in the folder: partials cannot reach outside it.
    /// Templates are the `.html`, `.txt` and `.rng` files, and cell templates' sidecars (`cell-NAME.json`);
    /// other files (notes, images) are left alone.
    /// - Parameter shownAs: the folder as messages name it (as the user typed it).
    /// - Throws: 65 for a template that is not UTF-8 (never silently replaced by the default), 66 for one that cannot be read.
    static func overlay(_ folder: URL, shownAs: String, _ sources: inout [String: String],
                        _ origins: inout [String: String]) throws(CommandFailure) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names.sorted() where !name.hasPrefix(".")
            && ([".html", ".txt", ".rng"].contains(where: name.hasSuffix) || (name.hasPrefix("cell-") && name.hasSuffix(".json"))) {
            let url = folder.appendingPathComponent(name)
            let shown = (shownAs as NSString).appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw CommandFailure(.noInput, "\(shown): cannot be read")
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw CommandFailure(.dataError, "\(shown): not UTF-8 text (expected a template in UTF-8)")
            }
            sources[name] = text
            origins[name] = shown
        }
    }
}
