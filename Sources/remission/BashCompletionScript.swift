/// ArgumentParser's bash script registers `_remission` with `complete -o filenames`, which makes bash
/// treat every word it offers as a file name: a saved server called `apache` became `apache/` when a
/// folder of that name was in the current directory. The script is adjusted on its way out: the
/// function is registered without the option, and the helper that adds completions turns it on
/// (`compopt -o filenames`) only for file names (`compgen -f`, `-fX`, `-d`), so server names, enum
/// values and subcommands are completed as words.
enum BashCompletionScript {
    static let registration = "complete -o filenames -F _remission remission"
    static let helper = "__remission_add_completions() {\n"
    static let filesOnly = """
            local argument
            for argument in "${@}"; do
                case "${argument}" in
                -W) break ;;
                -f | -fX | -d) compopt -o filenames 2>/dev/null; break ;;
                esac
            done

        """

    /// `script` adjusted, when it is the bash script; anything else as it is.
    static func adjusted(_ script: String) -> String {
        guard script.contains(registration), script.contains(helper) else { return script }
        return script.replacing(registration, with: "complete -F _remission remission")
            .replacing(helper, with: helper + filesOnly)
    }
}
