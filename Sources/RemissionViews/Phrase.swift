/// An English sentence as written in a view, with its interpolated values kept apart, so that it can
/// be looked up in a catalogue and its values put back where the translation wants them.
///
/// Its catalogue key (`key`) is the English text with `{0}`, `{1}`, … in place of the values, in
/// order; a plural choice is `{N|one|other}`, picked by the number value N:
///
///     tr("\(count: 3, "torrent", "torrents") removed from \(server)")
///     // key "{0} {0|torrent|torrents} removed from {1}", English "3 torrents removed from nas"
///
/// A translation in `po/ru.po` may use the values in any order and any number of plural choices on
/// the same number, each with Russian's three forms (one, few, many: 1 торрент, 2 торрента,
/// 5 торрентов): `"{0} {0|торрент|торрента|торрентов} {0|удалён|удалены|удалено} с {1}"`.
/// `scripts/i18n check` reads every `tr(…)` in Sources and finds what lacks a translation.
public struct Phrase: ExpressibleByStringInterpolation, Sendable, Equatable {
    enum Part: Sendable, Equatable {
        case text(String)
        case value(String)
        /// A number shown and declined: `3 torrents` (`{0} {0|torrent|torrents}`).
        case counted(Int, one: String, other: String)
        /// A form chosen by a number shown elsewhere: `torrents` (`{0|torrent|torrents}`).
        case plural(Int, one: String, other: String)
    }

    var parts: [Part]

    public init(stringLiteral value: String) { parts = [.text(value)] }

    public init(stringInterpolation: Interpolation) { parts = stringInterpolation.parts }

    public struct Interpolation: StringInterpolationProtocol {
        var parts: [Part] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            parts.reserveCapacity(2 * interpolationCount + 1)
        }

        public mutating func appendLiteral(_ literal: String) {
            if !literal.isEmpty { parts.append(.text(literal)) }
        }

        /// A value shown as it is (names, numbers, words of other phrases).
        public mutating func appendInterpolation(_ value: some Any) { parts.append(.value("\(value)")) }

        /// A count and its noun: `1 torrent`, `2 torrents`; Russian declines it in three forms.
        public mutating func appendInterpolation(count: Int, _ one: String, _ other: String) {
            parts.append(.counted(count, one: one, other: other))
        }

        /// A word whose form follows a number shown elsewhere in the sentence.
        public mutating func appendInterpolation(plural count: Int, _ one: String, _ other: String) {
            parts.append(.plural(count, one: one, other: other))
        }
    }

    /// The English text, as a person reads it.
    public var english: String {
        var text = ""
        for part in parts {
            switch part {
            case .text(let literal): text += literal
            case .value(let value): text += value
            case .counted(let count, let one, let other): text += "\(count) " + (count == 1 ? one : other)
            case .plural(let count, let one, let other): text += count == 1 ? one : other
            }
        }
        return text
    }

    /// The catalogue key, and the values its placeholders number.
    public var key: (text: String, values: [String]) {
        var text = ""
        var values: [String] = []
        for part in parts {
            switch part {
            case .text(let literal): text += literal
            case .value(let value):
                text += "{\(values.count)}"
                values.append(value)
            case .counted(let count, let one, let other):
                text += "{\(values.count)} {\(values.count)|\(one)|\(other)}"
                values.append(String(count))
            case .plural(let count, let one, let other):
                text += "{\(values.count)|\(one)|\(other)}"
                values.append(String(count))
            }
        }
        return (text, values)
    }
}

/// The phrase in this run's language: English as written, or its translation (English when the
/// catalogue lacks one, which `scripts/i18n check` and its test catch).
public func tr(_ phrase: Phrase) -> String {
    switch Language.current {
    case .english: return phrase.english
    case .russian: return Catalog.russian.translate(phrase)
    }
}

/// A short phrase whose translation depends on where it stands, e.g. a column title that must fit
/// four cells (`tr(context: "column", "Done")`): gettext's `msgctxt`, the key being the context,
/// U+0004 and the phrase.
public func tr(context: String, _ phrase: Phrase) -> String {
    switch Language.current {
    case .english: return phrase.english
    case .russian: return Catalog.russian.translate(phrase, context: context)
    }
}

/// A phrase written in pieces (long sentences over several source lines): one catalogue entry.
public func tr(_ first: Phrase, _ second: Phrase, _ more: Phrase...) -> String {
    tr(Phrase(joining: [first, second] + more))
}

extension Phrase {
    /// Pieces of one sentence as one phrase (one catalogue key).
    public init(joining pieces: [Phrase]) { parts = pieces.flatMap(\.parts) }
}
