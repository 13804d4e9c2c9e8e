import ArgumentParser
import FeedEngine
import FeedScenario

/// `feedframes devices`: the devices a scenario's `device` (and `--device`) may name, with what
/// each sets (SPEC §9).
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices", abstract: "List the devices a scenario's \"device\" or --device may name.",
        discussion: """
            Each sets the viewport (its screen in points, portrait) and the safe area: the status bar \
            or sensor housing at the top, the home indicator at the bottom. Frames draw both, and the \
            list's geometry counts them as UIScrollView's adjustedContentInset does. A scenario's \
            "viewport" still overrides the size.
            """)

    func run() throws {
        let console = Console()
        let width = Device.all.map(\.name.count).max() ?? 0
        console.out("device".padding(toLength: width, withPad: " ", startingAt: 0) + "  screen     safe area (top/bottom)  layout margin")
        for device in Device.all {
            console.out(device.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                        + "\(device.screen)".padding(toLength: 9, withPad: " ", startingAt: 0) + "  "
                        + "\(formatPoints(device.safeTop))/\(formatPoints(device.safeBottom)) pt".padding(toLength: 22, withPad: " ", startingAt: 0)
                        + "  \(formatPoints(device.layoutMargin)) pt")
        }
    }
}

/// `--device "iPhone 15"`.
extension Device: ExpressibleByArgument {
    public init?(argument: String) {
        guard let device = Device.named(argument) else { return nil }
        self = device
    }

    public static var allValueStrings: [String] { all.map(\.name) }
}
