import CellLayout
import FeedEngine
import FeedScenario
import Mustache

/// The values `frame.html` and its partials are rendered from.
public enum HTMLFrame {
    /// The keys of a row's record, in the order of its values; shared by every row.
    static let rowKeys = ["index", "id", "title", "y", "height", "separator", "cell", "group"]

    /// - Parameters:
    ///   - cells: the rows' measured cells (`nil` for a title row), or none for a list of title rows.
    ///   - customs: what each row's cell template drew, beside `cells`.
    /// - Complexity: O(visible rows).
    public static func value(of frame: Frame, in context: FrameContext, cells: [CellBox?] = [], customs: [String?] = []) -> TemplateValue {
        let layout = frame.layout
        var object = TemplateRecord([
            "lang": .string(context.locale),
            "title": .string(XMLText.safe("\(context.scenarioName) — frame \(frame.number): \(frame.cause)")),
            "preset": .string(XMLText.safe(context.look)),
            // The seeds' own look (README, "The seeds' look"), in their frames only: by behaviour, so a
            // renamed copy of a seed's preset file keeps it.
            "seed000": .bool(context.look == "seed000"),
            "seed001": .bool(context.look == "seed001"),
            "seedLook": .bool(context.look == "seed000" || context.look == "seed001"),
            // SPEC §9: light or dark system colours, the Dynamic Type body size, right to left.
            "appearance": .string(context.appearance.rawValue),
            "bodySize": .double(context.contentSize.points(.body)),
            "rtl": .bool(context.direction == .rightToLeft),
            "colours": ownColours(context),
            "number": .int(frame.number),
            "time": .double(frame.time),
            "cause": .string(XMLText.safe(frame.cause)),
            "width": .double(layout.viewport.width),
            "height": .double(layout.viewport.height),
            "offset": .double(layout.contentOffset),
            "fonts": .bool(context.cellFonts),
            "rows": .list(layout.rows.enumerated().map { number, row in
                let box = number < cells.count ? cells[number] : nil
                let cell = box.map { CellMarkup.record($0, row: row, separator: layout.separators,
                                                      custom: number < customs.count ? customs[number] : nil,
                                                      edge: context.direction == .rightToLeft ? "right" : "left") } ?? .null
                // Grouped styles: a group's first and last rows (rounded corners, no separator under the last).
                let group = layout.style == nil || layout.style == .plain ? "" : (row.startsSection ? " group-first" : "") + (row.endsSection ? " group-last" : "")
                return .record(TemplateRecord(keys: rowKeys, values: [
                    .int(row.index), .string(XMLText.safe(row.item.id)), .string(XMLText.safe(row.item.title)),
                    .double(row.y), .double(row.height), .bool(layout.separators && !context.hidesSeparators), cell, .string(group),
                ]))
            }),
            "listStyle": layout.style.map { .string($0.rawValue) } ?? .null,
            "sections": .list(layout.sections.map { section in
                .object(["title": .string(XMLText.safe(section.title)), "y": .double(section.y), "height": .double(section.height),
                         "pinned": .bool(section.pinned)])
            }),
            "chrome": chrome(layout, context),
            "header": .record(TemplateRecord([
                "state": .string(layout.header.state.rawValue), "text": .string(layout.header.text),
                "y": .double(layout.header.y), "height": .double(layout.header.height),
                "spinner": .bool(layout.header.state == .refreshing && context.headerIndicator
                                 && (context.look != "standard" || context.headerStyle == .arrow)),
                // MJRefresh's arrow: down while pulling, flipped up once armed; the spinner takes its place.
                "arrow": .bool(context.headerStyle == .arrow && layout.header.state != .refreshing),
                "armed": .bool(layout.header.state == .armed),
                "arrowStyle": .bool(context.headerStyle == .arrow),
                // standard's UIRefreshControl: its twelve ticks appear one by one as the pull grows,
                // and all spin while it refreshes.
                "ticks": .list((0..<refreshTicks(layout, look: context.look, style: context.headerStyle)).map { .int($0) }),
                "refreshing": .bool(layout.header.state == .refreshing),
                // Under a navigation bar or the status bar and not pulled into view: not drawn, as UIRefreshControl.
                "covered": .bool(!layout.header.visible && !layout.insets.isNone),
            ])),
            "footer": .record(TemplateRecord([
                "state": .string(layout.footer.state.rawValue), "text": .string(layout.footer.text),
                "y": .double(layout.footer.y), "height": .double(layout.footer.height),
                "spinner": .bool(layout.footer.spinner), "colour": .string(footerColour(context)),
                "label": .bool(context.footerLabel),
            ])),
        ])
        if layout.retryVisible {
            var retry: [String: TemplateValue] = ["title": .string(layout.retryTitle)]
            if let y = layout.retryY { retry["placed"] = .object(["y": .double(y)]) }
            object["retry"] = .object(retry)
        }
        if let toast = layout.toast { object["toast"] = .object(["text": .string(toast.text), "until": .double(toast.until)]) }
        if let empty = layout.emptyText { object["empty"] = .object(["text": .string(empty)]) }
        return .record(object)
    }

    /// SPEC §9's device and insets as drawn: the status bar in the top safe area, the navigation bar
    /// below it (a large title collapsing as the list scrolls), the home indicator in the bottom safe
    /// area, and the layout margin and separator inset as CSS properties. `nil` without any of them,
    /// so other frames stay as they were.
    static func chrome(_ layout: Layout, _ context: FrameContext) -> TemplateValue {
        let insets = layout.insets
        guard context.device != nil || !insets.isNone || context.separatorInset != nil else { return .null }
        var chrome: [String: TemplateValue] = [
            "style": .string("--margin: \(formatPoints(context.layoutMargin))px; --separator-inset: \(formatPoints(context.separatorInset ?? context.layoutMargin))px;"),
        ]
        // Nothing scrolled under the bars: iOS draws them without their background (the scroll edge).
        let edge = layout.contentOffset <= -insets.top
        if insets.safeTop > 0 { chrome["statusBar"] = .object(["height": .double(insets.safeTop), "edge": .bool(edge)]) }
        if let bar = insets.navigationBar, let height = layout.navigationBarHeight {
            chrome["navigationBar"] = .object([
                "kind": .string(bar.rawValue), "top": .double(insets.safeTop), "height": .double(height),
                "title": .string(XMLText.safe(context.navigationTitle)),
                // A large title shows while the bar is taller than the inline bar; the inline title once it has collapsed.
                "large": .bool(bar == .large && height > ListInsets.NavigationBar.collapsedHeight),
                "edge": .bool(edge),
            ])
        }
        if insets.safeBottom > 0 { chrome["homeIndicator"] = .object(["height": .double(insets.safeBottom)]) }
        return .object(chrome)
    }

    /// The list's own colours as CSS custom properties, for the appearance drawn (`nil` when it has none):
    /// `--background: #…; --label: #…` — values checked as hex colours by the reader.
    static func ownColours(_ context: FrameContext) -> TemplateValue {
        let roles = context.appearance == .dark ? context.colours.dark : context.colours.light
        let properties = ["background": "--background", "text": "--label", "secondaryText": "--secondary-label",
                          "separator": "--separator", "header": "--header", "footer": "--footer", "tint": "--tint"]
        let declarations = ListColours.roles.compactMap { role in roles[role].map { "\(properties[role] ?? role): \($0);" } }
        if declarations.isEmpty { return .null }
        return .object(["declarations": .string(declarations.joined(separator: " ")), "header": .bool(roles["header"] != nil)])
    }

    /// The footer's background: standard's own grey is iOS's secondarySystemBackground, which is
    /// #1C1C1E in dark; any colour a list sets, and the seeds' fixed colours, stay as they are.
    static func footerColour(_ context: FrameContext) -> String {
        if context.colours.light["footer"] != nil || context.colours.dark["footer"] != nil { return "var(--footer, \(context.footerColour))" }
        return context.look == "standard" && context.footerColour == "#f2f2f7" ? "var(--grouped)" : context.footerColour
    }

    /// How many of a UIRefreshControl's twelve ticks show: all while refreshing, else one per
    /// twelfth of the header's height the pull has revealed (none for the other looks).
    static func refreshTicks(_ layout: Layout, look: String, style: FeedConfig.Header.Indicator) -> Int {
        guard look == "standard", style == .refreshControl, layout.header.visible, layout.header.height > 0 else { return 0 }
        if layout.header.state == .refreshing { return 12 }
        let revealed = min(layout.header.height, max(0, -layout.contentOffset))
        return min(12, Int((12 * revealed / layout.header.height).rounded(.down)))
    }
}
