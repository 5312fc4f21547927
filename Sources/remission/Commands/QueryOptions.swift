import ArgumentParser
import RemissionViews

/// Which torrents `list` and `watch` show and in what order: one `ListQuery`, filtered and sorted
/// locally (a group of both commands' own options, so their help and parsing are one).
struct QueryOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            tr("Only torrents in this state."),
            valueName: "state"))
    var status: ListStatusFilter?

    @Option(
        help: ArgumentHelp(tr("Only torrents whose name contains this text (case-insensitive)."), valueName: "text"))
    var search: String?

    @Option(help: ArgumentHelp(tr("Only torrents with this label (case-insensitive)."), valueName: "label"))
    var label: String?

    @Option(
        help: ArgumentHelp(
            tr("Sort by this key (ties by id)."), valueName: "key"))
    var sort: ListSortKey = .id

    @Flag(help: .tr("Reverse the order."))
    var reverse = false

    var query: ListQuery {
        ListQuery(status: status, search: search, label: label, sort: sort, reverse: reverse)
    }
}

// The raw values, spelled out: ArgumentParser's defaults describe each case through
// `String(describing:)` on every parse (help or not), ~1.5 M instructions of `list`'s start.
extension ListStatusFilter: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
    public static var allValueDescriptions: [String: String] { [:] }
    public var defaultValueDescription: String { rawValue }
}

extension ListSortKey: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
    public static var allValueDescriptions: [String: String] { [:] }
    public var defaultValueDescription: String { rawValue }
}
