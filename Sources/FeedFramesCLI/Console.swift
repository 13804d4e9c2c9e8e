import CSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where commands talk to people: results on stdout, errors and progress on stderr.
struct Console {
    /// Progress lines are only drawn on a terminal, so logs stay clean.
    let showsProgress: Bool = isatty(2) == 1

    func out(_ text: String) { write(1, text + "\n") }
    func error(_ text: String) { write(2, text + "\n") }

    /// Redraws one progress line in place.
    func progress(_ text: String) {
        guard showsProgress else { return }
        write(2, "\r\u{1B}[K" + text)
    }

    func endProgress() {
        guard showsProgress else { return }
        write(2, "\r\u{1B}[K")
    }

    private func write(_ fd: Int32, _ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = csystem_write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }
}
