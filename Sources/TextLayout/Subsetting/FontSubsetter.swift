import CHarfBuzz

/// HarfBuzz's subsetter (hb-subset): a face cut down to a set of characters, keeping the
/// glyphs they reach through the layout features (ligatures, Arabic joining forms, kerning),
/// so the browser shapes the subset exactly as the layout shaped the full font.
enum FontSubsetter {
    /// - Throws: `TextLayoutError.subsetFailed` when HarfBuzz refuses.
    /// - Complexity: roughly O(glyphs kept + size of the layout tables).
    static func subset(_ font: LoadedFont, scalars: Set<UInt32>) throws -> SubsetFont {
        let face = font.face
        let sorted = scalars.sorted()
        guard let input = hb_subset_input_create_or_fail() else {
            throw TextLayoutError.subsetFailed(family: face.family, path: face.path)
        }
        defer { hb_subset_input_destroy(input) }
        let set = hb_subset_input_unicode_set(input)
        for scalar in sorted { hb_set_add(set, scalar) }
        guard let subset = hb_subset_or_fail(font.hbFace, input) else {
            throw TextLayoutError.subsetFailed(family: face.family, path: face.path)
        }
        defer { hb_face_destroy(subset) }
        guard let blob = hb_face_reference_blob(subset) else {
            throw TextLayoutError.subsetFailed(family: face.family, path: face.path)
        }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else {
            throw TextLayoutError.subsetFailed(family: face.family, path: face.path)
        }
        let bytes = [UInt8](UnsafeRawBufferPointer(start: data, count: Int(length)))
        let isCFF = bytes.starts(with: Array("OTTO".utf8))
        return SubsetFont(name: name(face, sorted), family: face.family, weight: face.weight,
                          fileExtension: isCFF ? "otf" : "ttf", bytes: bytes, scalars: sorted)
    }

    /// "NotoSansCJKSC-400-1f2e3d4c": the family without spaces, the weight, and the first
    /// 32 bits of an FNV-1a hash of the face's file, index and characters.
    static func name(_ face: FontFace, _ sorted: [UInt32]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ byte: UInt8) {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        for byte in "\(face.family)|\(face.weight)|\(face.index)|".utf8 { mix(byte) }
        for scalar in sorted {
            for shift in stride(from: 0, to: 32, by: 8) { mix(UInt8(truncatingIfNeeded: scalar >> UInt32(shift))) }
        }
        let family = face.family.filter { $0.isLetter || $0.isNumber }
        let hex = String(hash >> 32, radix: 16)
        return "\(family)-\(face.weight)-\(String(repeating: "0", count: 8 - hex.count))\(hex)"
    }
}

extension TextLayouter {
    /// One subset font per face in `usage`, in a stable order (by family, then weight).
    ///
    /// - Throws: `TextLayoutError.subsetFailed` when HarfBuzz cannot subset a face.
    public func subsets(for usage: GlyphUsage) throws -> [SubsetFont] {
        let faces = usage.scalars.keys.sorted { ($0.family, $0.weight, $0.path) < ($1.family, $1.weight, $1.path) }
        return try faces.compactMap { face in
            guard let font = loadedFont(face), let scalars = usage.scalars[face], !scalars.isEmpty else { return nil }
            return try FontSubsetter.subset(font, scalars: scalars)
        }
    }
}
