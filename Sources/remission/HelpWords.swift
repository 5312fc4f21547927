import ArgumentParser
import RemissionViews

extension ArgumentHelp {
    /// A help string in this run's language: `help: .tr("Give up after this many seconds.")`. The
    /// phrase is a catalogue key (`RemissionViews.Phrase`; po/ru.po). Help is built after the
    /// language is decided (from the arguments and the environment, before any parse), so
    /// `--help`, `help COMMAND`, `--experimental-dump-help` and the man page made from it speak it.
    static func tr(_ phrase: Phrase) -> ArgumentHelp { ArgumentHelp(RemissionViews.tr(phrase)) }

    /// A help string written in pieces (one catalogue entry).
    static func tr(_ first: Phrase, _ second: Phrase, _ more: Phrase...) -> ArgumentHelp {
        ArgumentHelp(RemissionViews.tr(Phrase(joining: [first, second] + more)))
    }
}
