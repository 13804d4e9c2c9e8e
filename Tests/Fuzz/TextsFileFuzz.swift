import FeedEngine
import FeedScenario

/// libFuzzer harness for a team's texts files (`bash .ci/fuzz 60 texts`): the input
/// is read as a String Catalog and as a `.strings` file, for a locale its first byte
/// picks. Either it reads (only the list's keys, each a string) or it fails with
/// problems that each name the file and say what was expected; never a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTextsFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let tags = ["en", "ar-EG", "zh-HK", "ja", "fr-CA"]
    let locale = LocaleMatch.match(tags[Int(bytes.first ?? 0) % tags.count])!
    for format in [TextsFile.Format.catalog, .strings] {
        do throws(ScenarioErrors) {
            let texts = try TextsFile.read(bytes, file: "fuzz", format: format, locale: locale)
            precondition(texts.values.keys.allSatisfy(FeedTexts.keys.contains), "a key the list does not have")
            _ = FeedTexts.english.replacing(texts.values)
        } catch {
            precondition(!error.problems.isEmpty, "a failure without a problem")
            for problem in error.problems {
                precondition(problem.file == "fuzz" && !problem.message.isEmpty, "a problem that names nothing")
                precondition(!problem.description.unicodeScalars.contains { $0 == "\n" }, "a problem of more than one line")
            }
        }
    }
    return 0
}
