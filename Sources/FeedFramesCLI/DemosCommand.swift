import CommandLineKit
import Foundation
import FrameRendering

/// `feedframes demos`: list the built-in scenarios, or export copies to edit.
enum DemosCommand {
    static let spec = CommandSpec(
        "demos", abstract: "List the built-in demo scenarios, or write copies to edit.",
        options: [.option("export", valueName: "dir", help: "Write the demo scenario files into this folder.")])

    static func run(_ invocation: Invocation, console: Console) -> Result<Void, CommandFailure> {
        Result { () throws(CommandFailure) in
            let scenarios = try Demos.all()
            guard let folder = invocation.value("export") else {
                let width = scenarios.map(\.name.count).max() ?? 0
                for scenario in scenarios {
                    console.out(scenario.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + scenario.summary)
                }
                return
            }
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                for fileName in Demos.fileNames {
                    let url = URL(fileURLWithPath: folder).appendingPathComponent(fileName)
                    try Data((Demos.text(fileName) ?? "").utf8).write(to: url, options: .atomic)
                }
            } catch {
                throw CommandFailure(.cannotCreate, "\(folder): cannot write demos (\(FrameWriter.reason(error)))")
            }
            console.out("Wrote \(Demos.fileNames.count) demo scenarios to \(folder)/")
        }
    }
}
