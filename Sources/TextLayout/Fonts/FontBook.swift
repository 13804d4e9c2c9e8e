import Foundation

/// The font files frames are measured and drawn with, found once on this machine.
///
/// The stack, in CSS `font-family` order: Inter (the open font closest to SF Pro) for Latin,
/// Noto Sans CJK (the regional face by locale), Noto Sans Arabic, and Noto Sans Hebrew when
/// installed. Files are looked up at their Debian paths under each root first, then by name
/// anywhere under the roots (no fontconfig), so a machine that keeps fonts elsewhere works too.
public struct FontBook: Hashable, Sendable {
    /// One file the stack needs.
    struct File: Hashable, Sendable {
        var name: String
        var weight: Int
    }

    struct Entry: Hashable, Sendable {
        var family: String
        /// File names and their CSS weights, in order of preference (a true SemiBold before a Bold).
        var files: [File]
        /// Where Debian installs them, relative to a root.
        var directory: String
        var package: String
        var weight: TextStyle.Weight
        var required: Bool
    }

    /// Debian 12's fonts. Semibold falls to Bold where a family has no 600, as CSS font
    /// matching does for `font-weight: 600`.
    static let catalogue: [Entry] = [
        Entry(family: "Inter", files: [File(name: "Inter-Regular.otf", weight: 400)], directory: "opentype/inter",
              package: "fonts-inter", weight: .regular, required: true),
        Entry(family: "Inter", files: [File(name: "Inter-SemiBold.otf", weight: 600), File(name: "Inter-Bold.otf", weight: 700)], directory: "opentype/inter",
              package: "fonts-inter", weight: .semibold, required: true),
        Entry(family: "Noto Sans CJK", files: [File(name: "NotoSansCJK-Regular.ttc", weight: 400)], directory: "opentype/noto",
              package: "fonts-noto-cjk", weight: .regular, required: true),
        Entry(family: "Noto Sans CJK", files: [File(name: "NotoSansCJK-Bold.ttc", weight: 700)], directory: "opentype/noto",
              package: "fonts-noto-cjk", weight: .semibold, required: true),
        Entry(family: "Noto Sans Arabic", files: [File(name: "NotoSansArabic-Regular.ttf", weight: 400)], directory: "truetype/noto",
              package: "fonts-noto-core", weight: .regular, required: true),
        Entry(family: "Noto Sans Arabic", files: [File(name: "NotoSansArabic-SemiBold.ttf", weight: 600), File(name: "NotoSansArabic-Bold.ttf", weight: 700)],
              directory: "truetype/noto", package: "fonts-noto-core", weight: .semibold, required: true),
        Entry(family: "Noto Sans Hebrew", files: [File(name: "NotoSansHebrew-Regular.ttf", weight: 400)], directory: "truetype/noto",
              package: "fonts-noto-core", weight: .regular, required: false),
        Entry(family: "Noto Sans Hebrew", files: [File(name: "NotoSansHebrew-SemiBold.ttf", weight: 600), File(name: "NotoSansHebrew-Bold.ttf", weight: 700)],
              directory: "truetype/noto", package: "fonts-noto-core", weight: .semibold, required: false),
    ]

    public static let defaultRoots: [String] = {
        #if os(Linux)
        return ["/usr/share/fonts"]
        #else
        // Homebrew casks put fonts in the user's or the system's Library.
        let home = ProcessInfo.processInfo.environment["HOME"] ?? ""
        return [home + "/Library/Fonts", "/Library/Fonts", "/System/Library/Fonts", "/opt/homebrew/share/fonts", "/usr/local/share/fonts"]
        #endif
    }()

    /// The roots searched.
    public let roots: [String]
    /// The stacks, by CJK variant and weight.
    private let stacks: [Key: FontStack]

    private struct Key: Hashable, Sendable {
        var cjk: LocaleTraits.CJKVariant
        var weight: TextStyle.Weight
    }

    /// Finds every file of the stack under `roots`.
    ///
    /// - Throws: `TextLayoutError.fontMissing` naming the first required file not found and
    ///   the Debian package that installs it. Noto Sans Hebrew is optional (Hebrew then falls
    ///   to whichever font has it, or is drawn as missing glyphs).
    public init(roots: [String] = FontBook.defaultRoots) throws {
        self.roots = roots
        var index: [String: String]?  // file name → path, built only if a known path misses
        var found: [Entry: (path: String, file: File)] = [:]
        for entry in Self.catalogue {
            var hit: (String, File)?
            search: for file in entry.files {
                for root in roots {
                    let path = "\(root)/\(entry.directory)/\(file.name)"
                    if FileManager.default.isReadableFile(atPath: path) { hit = (path, file); break search }
                }
                if index == nil { index = Self.indexFiles(under: roots) }
                if let path = index?[file.name] { hit = (path, file); break search }
            }
            if let hit {
                found[entry] = hit
            } else if entry.required {
                throw TextLayoutError.fontMissing(file: entry.files[0].name, family: entry.family,
                                                  package: entry.package, searched: roots)
            }
        }
        var stacks: [Key: FontStack] = [:]
        for cjk in LocaleTraits.CJKVariant.allCases {
            for weight in TextStyle.Weight.allCases {
                var faces: [FontFace] = []
                for entry in Self.catalogue where entry.weight == weight {
                    guard let (path, file) = found[entry] else { continue }
                    let cssWeight = file.weight
                    if entry.family == "Noto Sans CJK" {
                        faces.append(FontFace(family: cjk.family, weight: cssWeight, path: path,
                                              index: cjk.rawValue, package: entry.package))
                    } else {
                        faces.append(FontFace(family: entry.family, weight: cssWeight, path: path, package: entry.package))
                    }
                }
                stacks[Key(cjk: cjk, weight: weight)] = FontStack(faces)
            }
        }
        self.stacks = stacks
    }

    /// The stack for text of `weight` in a list of `locale` (BCP 47).
    public func stack(locale: String, weight: TextStyle.Weight) -> FontStack {
        stack(traits: LocaleTraits(locale), weight: weight)
    }

    func stack(traits: LocaleTraits, weight: TextStyle.Weight) -> FontStack {
        stacks[Key(cjk: traits.cjk, weight: weight)] ?? FontStack([])
    }

    /// Every face of every stack, each once, in a stable order.
    public var allFaces: [FontFace] {
        var seen = Set<FontFace>()
        var faces: [FontFace] = []
        for cjk in LocaleTraits.CJKVariant.allCases {
            for weight in TextStyle.Weight.allCases {
                for face in stacks[Key(cjk: cjk, weight: weight)]?.faces ?? [] where seen.insert(face).inserted {
                    faces.append(face)
                }
            }
        }
        return faces
    }

    /// File name → path of every file under `roots`, the first in sorted order winning.
    ///
    /// - Complexity: O(files under the roots); done at most once per `init`.
    private static func indexFiles(under roots: [String]) -> [String: String] {
        var index: [String: String] = [:]
        for root in roots {
            guard let paths = FileManager.default.subpaths(atPath: root) else { continue }
            for relative in paths.sorted() {
                let name = (relative as NSString).lastPathComponent
                if index[name] == nil { index[name] = "\(root)/\(relative)" }
            }
        }
        return index
    }
}
