import Foundation
import PackagePlugin

/// Build-tool plugin: compiles the package's top-level `Templates/` folder
/// (group `templates`) and the target's own `Demos/` folder (group `demos`)
/// into a generated `Embedded.swift` declaring
///
///     public enum Embedded {
///         public static let templates: [String: String]  // "partials/row.html": contents
///         public static let demos: [String: String]      // "example.json": contents
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
        let output = context.pluginWorkDirectoryURL.appending(path: "Embedded.swift")

        // Every embedded file is an input, so editing one re-runs the command.
        // The plugin itself runs on every build, so added or removed files
        // change this list and re-run the command too.
        let inputs = embeddableFiles(in: templates) + embeddableFiles(in: demos)

        return [
            .buildCommand(
                displayName: "Embedding Templates/ and Demos/ into \(target.name)",
                executable: try context.tool(named: "embed-files").url,
                arguments: [
                    "--output", output.path(percentEncoded: false),
                    "--enum-name", "Embedded",
                    "--group", "templates", templates.path(percentEncoded: false),
                    "--group", "demos", demos.path(percentEncoded: false),
                ],
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }

    /// The files embed-files will embed below `folder`: regular files in any
    /// subfolder, skipping names starting with "." and files named README.md.
    /// Keep in sync with `collectFiles(in:)` in Sources/embed-files/main.swift.
    func embeddableFiles(in folder: URL) -> [URL] {
        let fileManager = FileManager.default
        var files: [URL] = []
        func walk(_ directory: URL) {
            guard let entries = try? fileManager.contentsOfDirectory(atPath: directory.path(percentEncoded: false))
            else { return }
            for entry in entries.sorted() where !entry.hasPrefix(".") {
                let url = directory.appending(path: entry)
                var isDirectory: ObjCBool = false
                guard fileManager.fileExists(atPath: url.path(percentEncoded: false), isDirectory: &isDirectory)
                else { continue }
                if isDirectory.boolValue {
                    walk(url)
                } else if entry != "README.md" {
                    files.append(url)
                }
            }
        }
        walk(folder)
        return files
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
