import FeedEngine
import FeedScenario

/// libFuzzer harness for list descriptions, the preset files `presets --export`
/// writes (`bash .ci/fuzz 60 presets`). Either the input reads as a preset that has a
/// configuration in every built-in locale, or it fails with problems that each name
/// the file in one line; never a crash. What reads must write back to a file that
/// reads and writes back to the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPresetFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do throws(ScenarioErrors) {
        let preset = try PresetFile.read(bytes, file: "fuzz.json")
        for table in FeedTexts.locales { precondition(preset.config(locale: table) != nil, "no configuration in \(table)") }
        let written = PresetFile.bytes(of: preset)
        let again = try PresetFile.read(written, file: "again.json")
        precondition(PresetFile.bytes(of: again) == written, "a preset that does not survive being written")
    } catch {
        precondition(!error.problems.isEmpty, "a failure without a problem")
        for problem in error.problems {
            precondition(!problem.message.isEmpty && !problem.description.contains("\n"), "a problem that is not one line")
        }
    }
    return 0
}
