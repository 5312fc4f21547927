/// Numbers as a person reads them in this run's language: the decimal separator (English `1.5`,
/// Russian `1,5`). `--json` and what scripts read never pass through here.
public enum Numbers {
    public static var decimalSeparator: String { Language.current == .russian ? "," : "." }

    /// `text` (a number written with `.`, as `Units.decimal` writes it) with this language's separator.
    public static func localized(_ text: String) -> String {
        Language.current == .russian ? text.replacing(".", with: ",") : text
    }
}
