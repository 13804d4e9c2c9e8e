// `Embedded` (in the generated Embedded.swift) is produced by the EmbedFiles
// build-tool plugin from the package's Templates/ folder and this target's
// Demos/ folder. This file only adds lookups on top of it.

extension Embedded {
    /// The contents of a default template, by path relative to `Templates/`.
    public static func template(named name: String) -> String? {
        templates[name]
    }

    /// The contents of a demo scenario, by path relative to `Demos/`.
    public static func demo(named name: String) -> String? {
        demos[name]
    }
}
