/// Every string the list shows, in one language (SPEC §5).
public struct FeedTexts: Hashable, Sendable {
    public var headerIdle: String
    public var headerArmed: String
    public var headerRefreshing: String
    public var footerIdleAuto: String
    public var footerIdleRelease: String
    public var footerArmed: String
    public var footerLoading: String
    public var footerExhausted: String
    public var footerFailed: String
    public var toast: String
    public var retry: String
    public var empty: String
    /// The labels say what the pull does while a request runs: seed000's `scrollViewDidScroll`
    /// sets 释放刷新 / 下拉刷新列表 and 释放加载 / 下拉加载更多 from the offset alone, and the seed
    /// has no refreshing or loading text (SPEC §8).
    public internal(set) var labelsFollowThePull = false

    /// The locales FeedFrames has texts for; any other BCP 47 tag falls back to one (`LocaleMatch`).
    public static let locales = ["en", "zh-Hans", "zh-Hant", "ja", "ko", "ar"]

    /// The built-in table for `locale` (exactly one of `locales`), or `nil` for a locale it does not have.
    public static func forLocale(_ locale: String) -> FeedTexts? {
        switch locale {
        case "en": return .english
        case "zh-Hans": return .simplifiedChinese
        case "zh-Hant": return .traditionalChinese
        case "ja": return .japanese
        case "ko": return .korean
        case "ar": return .arabic
        default: return nil
        }
    }

    /// The keys a team's texts file (`.xcstrings` or `.strings`) may give (SPEC §9), in this order
    /// in messages. `footer.idle` is the idle footer's text in either footer mode.
    public static let keys = ["header.idle", "header.armed", "header.refreshing", "footer.idle", "footer.armed",
                              "footer.loading", "footer.exhausted", "footer.failed", "toast.failed", "retry", "empty"]

    /// These texts with the given ones (by `keys`) in their place; keys not in `keys` are ignored
    /// here (the reader reports them).
    public func replacing(_ strings: [String: String]) -> FeedTexts {
        var texts = self
        for (key, value) in strings {
            switch key {
            case "header.idle": texts.headerIdle = value
            case "header.armed": texts.headerArmed = value
            case "header.refreshing": texts.headerRefreshing = value
            case "footer.idle": texts.footerIdleAuto = value; texts.footerIdleRelease = value
            case "footer.armed": texts.footerArmed = value
            case "footer.loading": texts.footerLoading = value
            case "footer.exhausted": texts.footerExhausted = value
            case "footer.failed": texts.footerFailed = value
            case "toast.failed": texts.toast = value
            case "retry": texts.retry = value
            case "empty": texts.empty = value
            default: break
            }
        }
        return texts
    }

    /// The text of one key of `keys` (`footer.idle`: the auto footer's), or `nil` for another key.
    public func text(_ key: String) -> String? {
        switch key {
        case "header.idle": return headerIdle
        case "header.armed": return headerArmed
        case "header.refreshing": return headerRefreshing
        case "footer.idle": return footerIdleAuto
        case "footer.armed": return footerArmed
        case "footer.loading": return footerLoading
        case "footer.exhausted": return footerExhausted
        case "footer.failed": return footerFailed
        case "toast.failed": return toast
        case "retry": return retry
        case "empty": return empty
        default: return nil
        }
    }

    /// A behaviour's text (SPEC §10): a key resolved here (an unknown key shows as itself), or a literal.
    public func resolve(_ text: ListText) -> String {
        switch text {
        case .key(let key): return self.text(key) ?? key
        case .literal(let string): return string
        }
    }

    public static let english = FeedTexts(
        headerIdle: "Pull down to refresh", headerArmed: "Release to refresh", headerRefreshing: "Loading...",
        footerIdleAuto: "Tap or pull up to load more", footerIdleRelease: "Pull up to load more",
        footerArmed: "Release to load more", footerLoading: "Loading...", footerExhausted: "No more data",
        footerFailed: "Load failed. Tap to retry", toast: "Couldn't load. Try again", retry: "Reload",
        empty: "No content")

    public static let simplifiedChinese = FeedTexts(
        headerIdle: "下拉可以刷新", headerArmed: "松开立即刷新", headerRefreshing: "正在刷新数据中...",
        footerIdleAuto: "点击或上拉加载更多", footerIdleRelease: "上拉可以加载更多",
        footerArmed: "松开立即加载更多", footerLoading: "正在加载更多的数据...", footerExhausted: "已经全部加载完毕",
        footerFailed: "加载失败，点击重试", toast: "加载失败", retry: "重新加载", empty: "暂无内容")

    /// Taiwan's wording throughout, as seed 002 and iOS's zh-Hant strings have it:
    /// 重新整理 (refresh), 載入 (load), 資料 (data), 放開 (release), 點一下 (tap).
    public static let traditionalChinese = FeedTexts(
        headerIdle: "下拉即可重新整理", headerArmed: "放開立即重新整理", headerRefreshing: "正在重新整理資料...",
        footerIdleAuto: "點一下或上拉載入更多", footerIdleRelease: "上拉即可載入更多",
        footerArmed: "放開立即載入更多", footerLoading: "正在載入更多資料...", footerExhausted: "已全部載入完畢",
        footerFailed: "載入失敗，點一下重試", toast: "載入失敗", retry: "重新載入", empty: "目前沒有內容")

    public static let japanese = FeedTexts(
        headerIdle: "下に引いて更新", headerArmed: "離して更新", headerRefreshing: "読み込み中...",
        footerIdleAuto: "タップまたは上に引いてさらに読み込む", footerIdleRelease: "上に引いてさらに読み込む",
        footerArmed: "離してさらに読み込む", footerLoading: "読み込み中...", footerExhausted: "これ以上データはありません",
        footerFailed: "読み込みに失敗しました。タップして再試行", toast: "読み込めませんでした", retry: "再読み込み",
        empty: "コンテンツがありません")

    public static let korean = FeedTexts(
        headerIdle: "당겨서 새로고침", headerArmed: "놓아서 새로고침", headerRefreshing: "불러오는 중...",
        footerIdleAuto: "탭하거나 위로 당겨서 더 불러오기", footerIdleRelease: "위로 당겨서 더 불러오기",
        footerArmed: "놓아서 더 불러오기", footerLoading: "불러오는 중...", footerExhausted: "더 이상 데이터가 없습니다",
        footerFailed: "불러오지 못했습니다. 탭하여 다시 시도", toast: "불러올 수 없습니다", retry: "다시 불러오기",
        empty: "콘텐츠 없음")

    public static let arabic = FeedTexts(
        headerIdle: "اسحب للأسفل للتحديث", headerArmed: "أفلت للتحديث", headerRefreshing: "جارٍ التحميل...",
        footerIdleAuto: "انقر أو اسحب للأعلى لتحميل المزيد", footerIdleRelease: "اسحب للأعلى لتحميل المزيد",
        footerArmed: "أفلت لتحميل المزيد", footerLoading: "جارٍ التحميل...", footerExhausted: "لا توجد بيانات أخرى",
        footerFailed: "فشل التحميل. انقر لإعادة المحاولة", toast: "تعذّر التحميل", retry: "إعادة التحميل",
        empty: "لا يوجد محتوى")

    /// seed000's own words, which replace the simplified-Chinese table where it has them.
    func withSeed000Words() -> FeedTexts {
        var texts = self
        texts.headerIdle = "下拉刷新列表"
        texts.headerArmed = "释放刷新"
        // The seed has no refreshing, loading or end-of-data text: its labels keep these (SPEC §8).
        texts.headerRefreshing = "下拉刷新列表"
        texts.footerLoading = "下拉加载更多"
        texts.footerExhausted = "下拉加载更多"
        texts.footerIdleRelease = "下拉加载更多"
        texts.footerIdleAuto = "下拉加载更多"
        texts.footerArmed = "释放加载"
        texts.retry = "重新加载"
        texts.labelsFollowThePull = true
        return texts
    }
}
