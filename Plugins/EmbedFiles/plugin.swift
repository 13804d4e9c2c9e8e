import Foundation
import PackagePlugin

/// Build-tool plugin: compiles the package's top-level `Templates/` folder
/// (group `templates`) and the target's own `Demos/` folder (group `demos`)
/// into a generated `Embedded.swift` declaring
///
///     public enum Embedded {
///         public static let templates: [String: String]  // "partials/row.html": contents
///         public static let demos: [String: String]      // "example.json": contents
///         public static let demoFiles: [String: String]  // "Localizable.xcstrings": files the demos name
///     }
///
/// Apply it with `plugins: ["EmbedFiles"]` and add `exclude: ["Demos"]` to
/// the target so SwiftPM does not treat the demo files as resources.
@main
struct EmbedFiles: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }

        let templates = context.package.directoryURL.appending(path: "Templates", directoryHint: .isDirectory)
        let demos = targetDirectory(target).appending(path: "Demos", directoryHint: .isDirectory)
        // Files the demos name (a String Catalog), kept apart so `demos` holds scenarios only.
        let demoFiles = targetDirectory(target).appending(path: "DemoFiles", directoryHint: .isDirectory)
        let output = context.pluginWorkDirectoryURL.appending(path: "Embedded.swift")

        // Inputs: every embedded file, so editing one re-runs the command, and
        // every folder, so adding a file (which changes the folder's
        // modification time) re-runs it too.
        // Caveat: SwiftPM re-runs this plugin (refreshing the list) only when
        // it re-plans the build: after Package.swift changes or files are
        // added/removed under a target folder (Demos/ counts, Templates/ does
        // not). So after deleting or renaming a file in Templates/, the next
        // build fails with "missing inputs" until `touch Package.swift`; and a
        // newly added template is embedded at once, but later edits to it are
        // only noticed after the next re-plan.
        let inputs = embeddableItems(in: templates) + embeddableItems(in: demos) + embeddableItems(in: demoFiles)

        return [
            .buildCommand(
                displayName: "Embedding templates and demos into \(target.name)",
                executable: try context.tool(named: "embed-files").url,
                arguments: [
                    "--output", output.path(percentEncoded: false),
                    "--enum-name", "Embedded",
                    "--group", "templates", templates.path(percentEncoded: false),
                    "--group", "demos", demos.path(percentEncoded: false),
                    "--group", "demoFiles", demoFiles.path(percentEncoded: false),
                ],
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }

    /// `folder` itself, its subfolders and the files embed-files will embed
    /// below it: names starting with "." and files named README.md are
    /// skipped. Keep in sync with `collectFiles(in:)` in
    /// Sources/embed-files/main.swift. A missing folder gives nothing.
    func embeddableItems(in folder: URL) -> [URL] {
        let fileManager = FileManager.default
        var items: [URL] = []
        func walk(_ directory: URL) {
            guard let entries = try? fileManager.contentsOfDirectory(atPath: directory.path(percentEncoded: false))
            else { return }
            items.append(directory)
            for entry in entries.sorted() where !entry.hasPrefix(".") {
                let url = directory.appending(path: entry)
                var isDirectory: ObjCBool = false
                guard fileManager.fileExists(atPath: url.path(percentEncoded: false), isDirectory: &isDirectory)
                else { continue }
                if isDirectory.boolValue {
                    walk(url)
                } else if entry != "README.md" {
                    items.append(url)
                }
            }
        }
        walk(folder)
        return items
    }
}

/// `Target.directoryURL` needs swift-tools-version 6.1; with 6.0 only the
/// deprecated `Target.directory` (a `Path`) exists. Calling it from a
/// deprecated witness through a protocol keeps the build free of warnings.
/// With tools-version 6.1 or later, use `target.directoryURL` instead.
private func targetDirectory(_ target: Target) -> URL {
    (LegacyTargetDirectory.self as any TargetDirectoryLookup.Type).directory(of: target)
}

private protocol TargetDirectoryLookup {
    static func directory(of target: Target) -> URL
}

private enum LegacyTargetDirectory: TargetDirectoryLookup {
    @available(*, deprecated, message: "use Target.directoryURL (swift-tools-version 6.1)")
    static func directory(of target: Target) -> URL {
        URL(fileURLWithPath: target.directory.string, isDirectory: true)
    }
}
