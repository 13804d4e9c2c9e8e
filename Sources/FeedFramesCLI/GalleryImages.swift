import FeedEngine
import FrameFolder
import FrameGallery
import Foundation
import FrameImaging

/// `preview --png` and `--gif`: a PNG of each cell, a contact sheet of the whole grid (one image to
/// paste into a pull request or a design review), and with `--gif` an animation of each row's
/// states, all in the gallery's temporary folder so they appear with it or not at all. Like
/// `render --png`, missing tools are notes: the gallery itself is still written.
struct GalleryImages {
    let gallery: Gallery
    let writer: FrameWriter
    let console: Console

    /// The contact sheet's file name.
    static let sheet = "contact-sheet.png"
    /// A cell's size on the sheet: half the frame page (375 × 667 plus its 16 pt margin).
    static let sheetCell = (width: 204, height: 350)

    /// Takes the screenshots, then the GIFs and the sheet; names the images in each row's
    /// `frames.json`. Returns the sheet's file name when one was made.
    func make(animations: Bool) -> String? {
        guard let screenshots = Screenshots(jobs: ProcessInfo.processInfo.activeProcessorCount) else {
            console.error("note: --png needs Chromium (apt-get install chromium); no screenshots taken")
            return nil
        }
        defer { screenshots.close() }
        var taken = 0
        for (number, row) in gallery.rows.enumerated() {
            let viewport = row.cells.lazy.compactMap { if case .frame(let frame, _) = $0.content { frame.layout.viewport } else { nil } }.first
                ?? Viewport.standard
            taken += screenshots.shoot(folder: writer.temporary.appendingPathComponent(row.folder), width: viewport.width, height: viewport.height) { done, total in
                console.progress("[\(number + 1)/\(gallery.rows.count)] \(row.folder): screenshot \(done)/\(total)")
            }
        }
        console.endProgress()
        guard taken > 0 else { return nil }
        let magick: ImageMagick?
        do throws(ImageMagick.Failure) { magick = try ImageMagick.find() } catch {
            console.error("note: the contact sheet\(animations ? " and --gif" : "") \(error); none written")
            magick = nil
        }
        for row in gallery.rows {
            let folder = writer.temporary.appendingPathComponent(row.folder)
            let exists = { (name: String) in FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path) }
            var gif: String?
            if animations, let magick {
                do throws(ImageMagick.Failure) { gif = try Animation.write(named: row.folder, folder: row.folder, in: writer, with: magick, exists: exists) } catch {
                    console.error(CommandFailure.printable("note: \(row.folder): \(error); no GIF written"))
                }
            }
            do throws(OutputError) { try FrameImages.link(in: writer, folder: row.folder, gif: gif, exists: exists) } catch {
                console.error(CommandFailure.printable("note: \(error); the row's frames.json does not name the images"))
            }
        }
        guard let magick else { return nil }
        do throws(ImageMagick.Failure) {
            try magick.contactSheet(cells(), columns: GalleryState.allCases.count, cell: Self.sheetCell.width, Self.sheetCell.height,
                                    named: Self.sheet, in: writer.temporary)
        } catch {
            console.error(CommandFailure.printable("note: \(error); no contact sheet"))
            return nil
        }
        console.out("\(taken) screenshots, \(Self.sheet)")
        return Self.sheet
    }

    /// The sheet's cells in the gallery's grid order: a row per preset × locale × appearance × size, a
    /// column per state; a state a preset never shows (or whose shot failed) is an empty place.
    func cells() -> [(png: String, label: String)?] {
        gallery.rows.flatMap { row in
            row.cells.map { cell -> (png: String, label: String)? in
                let png = "\(row.folder)/\(cell.state.rawValue).png"
                guard case .frame = cell.content,
                      FileManager.default.fileExists(atPath: writer.temporary.appendingPathComponent(png).path) else { return nil }
                return (png, "\(row.folder)\n\(cell.state.title)")
            }
        }
    }

}
