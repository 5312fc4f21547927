#!/usr/bin/env python3
"""remission.1 from the command definitions themselves.

Usage: remission --experimental-dump-help | scripts/lib/manpage.py [--date YYYY-MM-DD] [--version V] [--lang ru] > remission.1

With --lang ru the page's own words (section titles, the fixed sentences) are Russian; the
descriptions are whatever the dump holds, so run `remission --lang ru --experimental-dump-help`
for a Russian page (scripts/install puts it in share/man/ru/man1).

ArgumentParser's JSON description of every command (the same definitions as --help) becomes one
man(7) page: NAME, SYNOPSIS, DESCRIPTION, COMMANDS (each with its own options), the options most
commands share listed once (COMMON OPTIONS), EXIT STATUS as a table of tagged paragraphs, then
ENVIRONMENT and FILES (written here, in both languages: the dump has no place for them), SEE ALSO.
The page is plain UTF-8 with a coding line; "…" is written "...", which every output device has
(groff's ASCII device, used when the locale cannot be set, has no U+2026 and warns).
Discussions keep their shape: plain lines are joined into filled paragraphs, indented lines
(examples, tables) stay as they are in no-fill blocks, so no example is cut or re-wrapped.
"""

import datetime
import json
import os
import sys

# An option given to at least this many commands with the same description is a common option.
COMMON_THRESHOLD = 5
SKIPPED_OPTIONS = {"help", "version"}

# The page's own words, per language (the descriptions come translated in the dump).
WORDS = {
    "en": {
        "NAME": "NAME", "SYNOPSIS": "SYNOPSIS", "DESCRIPTION": "DESCRIPTION", "COMMANDS": "COMMANDS",
        "COMMON OPTIONS": "COMMON OPTIONS", "EXIT STATUS": "EXIT STATUS", "SEE ALSO": "SEE ALSO",
        "ENVIRONMENT": "ENVIRONMENT", "FILES": "FILES",
        "command": "command", "arguments": "arguments", "options": "options", "User Commands": "User Commands",
        "help": "Every command takes \\fB\\-h\\fR, \\fB\\-\\-help\\fR; \\fBremission \\-\\-version\\fR shows the version.",
        "also": "Also: ", "see common": " (see \\fBCOMMON OPTIONS\\fR).",
        "common intro": "Options that most commands take, the same in each.", "default": " (default: ",
    },
    "ru": {
        "NAME": "ИМЯ", "SYNOPSIS": "ОБЗОР", "DESCRIPTION": "ОПИСАНИЕ", "COMMANDS": "КОМАНДЫ",
        "COMMON OPTIONS": "ОБЩИЕ ПАРАМЕТРЫ", "EXIT STATUS": "КОД ВЫХОДА", "SEE ALSO": "СМОТРИТЕ ТАКЖЕ",
        "ENVIRONMENT": "ОКРУЖЕНИЕ", "FILES": "ФАЙЛЫ",
        "command": "команда", "arguments": "аргументы", "options": "параметры", "User Commands": "Команды пользователя",
        "help": "Каждая команда принимает \\fB\\-h\\fR, \\fB\\-\\-help\\fR; \\fBremission \\-\\-version\\fR показывает версию.",
        "also": "Также: ", "see common": " (см. \\fBОБЩИЕ ПАРАМЕТРЫ\\fR).",
        "common intro": "Параметры, которые принимают почти все команды, везде одинаковые.", "default": " (по умолчанию: ",
    },
}
W = WORDS["en"]

# ENVIRONMENT: (variables, meaning) per language. Every variable the sources read is here
# (InstallScriptTests checks the page against a grep of Sources).
ENVIRONMENT = {
    "en": [
        ("REMISSION_CONFIG_HOME, REMISSION_CACHE_HOME, REMISSION_STATE_HOME",
         "The directories Remission keeps its configuration, cache and state in, instead of the XDG ones below."),
        ("XDG_CONFIG_HOME, XDG_CACHE_HOME, XDG_STATE_HOME, HOME",
         "The XDG base directories (default ~/.config, ~/.cache, ~/.local/state); Remission uses their "
         "remission subdirectory (see FILES)."),
        ("TR_AUTH",
         "user:password for the server, as transmission-remote takes it; used before the keyring."),
        ("NETRC", "The netrc file that --netrc reads when it is given no file (default ~/.netrc)."),
        ("REMISSION_CLIENT_KEY_PASSPHRASE", "The passphrase of an encrypted client key (--client-key)."),
        ("REMISSION_SSH_COMMAND",
         "The ssh command for servers reached with --via (default ssh), split into words as a shell "
         "would, never run by one; e.g. \"ssh -F ~/.ssh/nas_config\"."),
        ("SSL_CERT_FILE, SSL_CERT_DIR",
         "The system certificate authorities (a PEM file, a hashed directory), as OpenSSL reads them."),
        ("https_proxy, HTTPS_PROXY, http_proxy, all_proxy, ALL_PROXY, no_proxy, NO_PROXY",
         "A proxy for servers saved without --proxy, as curl reads them (HTTP_PROXY is ignored, as curl "
         "does); never for a loopback address."),
        ("DBUS_SESSION_BUS_ADDRESS, XDG_RUNTIME_DIR",
         "The D-Bus session bus where the keyring (Secret Service) is found."),
        ("REMISSION_LANG", "ru or en: the language, before the locale (--lang comes first)."),
        ("LANGUAGE, LC_ALL, LC_MESSAGES, LANG", "The locale, read in gettext's order, chooses Russian or English."),
        ("NO_COLOR", "Set and not empty: no colours (as --no-color). TERM=dumb has the same effect."),
        ("TERM, COLUMNS, LINES",
         "The terminal: COLUMNS is the width when it cannot be asked (output through a pipe is not cut "
         "unless COLUMNS or --width says so); watch uses LINES likewise."),
        ("REMISSION_LOG", "off (or 0, no, false): write nothing to the diagnostics log."),
    ],
    "ru": [
        ("REMISSION_CONFIG_HOME, REMISSION_CACHE_HOME, REMISSION_STATE_HOME",
         "Каталоги настроек, кэша и состояния Remission вместо каталогов XDG (ниже)."),
        ("XDG_CONFIG_HOME, XDG_CACHE_HOME, XDG_STATE_HOME, HOME",
         "Базовые каталоги XDG (по умолчанию ~/.config, ~/.cache, ~/.local/state); Remission пользуется их "
         "подкаталогом remission (см. ФАЙЛЫ)."),
        ("TR_AUTH", "пользователь:пароль для сервера, как у transmission-remote; берётся раньше связки ключей."),
        ("NETRC", "Файл netrc, который читает --netrc без указанного файла (по умолчанию ~/.netrc)."),
        ("REMISSION_CLIENT_KEY_PASSPHRASE", "Пароль зашифрованного клиентского ключа (--client-key)."),
        ("REMISSION_SSH_COMMAND",
         "Команда ssh для серверов, доступных через --via (по умолчанию ssh); делится на слова, как "
         "в оболочке, но оболочкой не выполняется; например \"ssh -F ~/.ssh/nas_config\"."),
        ("SSL_CERT_FILE, SSL_CERT_DIR",
         "Системные удостоверяющие центры (файл PEM, каталог с хешами), как их читает OpenSSL."),
        ("https_proxy, HTTPS_PROXY, http_proxy, all_proxy, ALL_PROXY, no_proxy, NO_PROXY",
         "Прокси для серверов, сохранённых без --proxy, как их читает curl (HTTP_PROXY, как и в curl, "
         "не учитывается); для адресов loopback никогда."),
        ("DBUS_SESSION_BUS_ADDRESS, XDG_RUNTIME_DIR",
         "Сеансовая шина D-Bus, на которой находится связка ключей (Secret Service)."),
        ("REMISSION_LANG", "ru или en: язык, раньше локали (--lang важнее)."),
        ("LANGUAGE, LC_ALL, LC_MESSAGES, LANG", "Локаль в порядке gettext выбирает русский или английский."),
        ("NO_COLOR", "Задана и не пуста: без цвета (как --no-color). TERM=dumb действует так же."),
        ("TERM, COLUMNS, LINES",
         "Терминал: COLUMNS — ширина, когда её нельзя узнать у терминала (вывод в канал не обрезается, "
         "если COLUMNS или --width этого не требуют); watch так же берёт LINES."),
        ("REMISSION_LOG", "off (или 0, no, false): ничего не писать в журнал диагностики."),
    ],
}

# FILES: (path, meaning) per language.
FILES = {
    "en": [
        ("$XDG_CONFIG_HOME/remission/servers.json",
         "The saved servers: names, addresses, user names and options; never a password."),
        ("$XDG_CONFIG_HOME/remission/trust.json",
         "Trust per server: pinned keys, the accepted certificate, the CA file, the plain-HTTP acknowledgement."),
        ("$XDG_CACHE_HOME/remission/",
         "snapshots/: each server's last torrent list, which list shows while the server is offline; servers/: "
         "each address's RPC version. Safe to delete."),
        ("$XDG_STATE_HOME/remission/diagnostics.log",
         "The local diagnostics log (remission log): one line per command that talked to a server, never a "
         "secret; about 1 MB, then rotated. remission log --clear empties it."),
        ("The keyring (Secret Service)",
         "Passwords under the schema org.remission.Credentials (secret-tool lookup server HOST user USER); "
         "client-key passphrases under org.remission.ClientKey, proxy passwords under org.remission.Proxy. "
         "remission credentials forget NAME removes a server's password."),
    ],
    "ru": [
        ("$XDG_CONFIG_HOME/remission/servers.json",
         "Сохранённые серверы: имена, адреса, имена пользователей и параметры; паролей здесь нет."),
        ("$XDG_CONFIG_HOME/remission/trust.json",
         "Доверие по серверам: закреплённые ключи, принятый сертификат, файл CA, согласие на HTTP без шифрования."),
        ("$XDG_CACHE_HOME/remission/",
         "snapshots/: последний список торрентов каждого сервера, его показывает list, пока сервер недоступен; "
         "servers/: версия RPC каждого адреса. Можно удалять."),
        ("$XDG_STATE_HOME/remission/diagnostics.log",
         "Локальный журнал диагностики (remission log): строка на каждую команду, обращавшуюся к серверу, "
         "без секретов; около 1 МБ, затем ротация. remission log --clear очищает его."),
        ("Связка ключей (Secret Service)",
         "Пароли по схеме org.remission.Credentials (secret-tool lookup server HOST user USER); пароли "
         "клиентских ключей по схеме org.remission.ClientKey, пароли прокси по org.remission.Proxy. "
         "remission credentials forget ИМЯ удаляет пароль сервера."),
    ],
}


def escape(text):
    """Text for a troff line: backslashes and hyphens escaped, no control character at line start."""
    text = text.replace("\\", "\\e").replace("-", "\\-").replace("\u2026", "...")
    if text.startswith((".", "'")):
        text = "\\&" + text
    return text


def option_label(argument):
    """`-u, --user <user>` in troff: names bold, the value italic."""
    if argument["kind"] == "positional":
        return "\\fI" + escape(argument.get("valueName", "value")) + "\\fR"
    names = sorted(argument.get("names", []), key=lambda name: name["kind"] != "short")
    spelled = []
    for name in names:
        dashes = "-" if name["kind"] == "short" else "--"
        spelled.append("\\fB" + escape(dashes + name["name"]) + "\\fR")
    label = ", ".join(spelled)
    if argument["kind"] == "option":
        label += " \\fI" + escape(argument.get("valueName", "value")) + "\\fR"
    return label


def option_key(argument):
    preferred = argument.get("preferredName") or {}
    return (argument["kind"], preferred.get("name"), argument.get("abstract", ""))


def describe(argument):
    text = argument.get("abstract", "")
    if argument.get("defaultValue") not in (None, ""):
        text += W["default"] + argument["defaultValue"] + ")"
    return escape(text)


def blocks(discussion):
    """The discussion's paragraphs: (kind, lines), kind 'text' (to fill) or 'verbatim' (indented lines)."""
    result = []
    for paragraph in discussion.strip("\n").split("\n\n"):
        lines = paragraph.split("\n")
        text, verbatim = [], []
        for line in lines:
            if line.startswith((" ", "\t")):
                if text:
                    result.append(("text", text))
                    text = []
                verbatim.append(line)
            else:
                if verbatim:
                    result.append(("verbatim", verbatim))
                    verbatim = []
                text.append(line)
        if text:
            result.append(("text", text))
        if verbatim:
            result.append(("verbatim", verbatim))
    return result


# man indents text by 7 columns and examples by 2 more: a command line longer than this is folded.
VERBATIM_WIDTH = 80 - 7 - 2


def fold_command(line):
    """A long example command as shell continuation lines (` \\`), never cut; other lines as they are."""
    if len(line) <= VERBATIM_WIDTH or "remission " not in line:
        return [line]
    lead = line[: len(line) - len(line.lstrip())]
    parts, rest = [], line
    while len(rest) > VERBATIM_WIDTH:
        cut = rest.rfind(" ", len(lead) + 8, VERBATIM_WIDTH - 2)
        if cut < 0:
            break
        parts.append(rest[:cut] + " \\")
        rest = lead + "    " + rest[cut + 1 :].lstrip()
    return parts + [rest]


def breakable(text):
    """Long unbroken words (a JSON shape) may break after a comma or bar (troff's \\: break point)."""
    words = []
    for word in text.split(" "):
        if len(word) > 30:
            word = word.replace(",", ",\\:").replace("|", "|\\:")
        words.append(word)
    return " ".join(words)


def render_discussion(discussion, out):
    for kind, lines in blocks(discussion):
        if kind == "text":
            out.append(".PP")
            out.append(breakable(escape(" ".join(line.strip() for line in lines))))
        else:
            indent = min(len(line) - len(line.lstrip()) for line in lines if line.strip())
            out.append(".RS 2")
            out.append(".nf")
            for line in lines:
                out.extend(escape(part) for part in fold_command(line[indent:]))
            out.append(".fi")
            out.append(".RE")


def split_exit_codes(discussion):
    """The root discussion without its "Exit codes:" paragraph, and that table's rows."""
    kept, rows = [], []
    for paragraph in discussion.split("\n\n"):
        lines = paragraph.strip("\n").split("\n")
        if lines and lines[0].strip().lower().startswith(("exit codes", "коды выхода")):
            for line in lines[1:]:
                code, _, meaning = line.strip().partition(" ")
                if code:
                    rows.append((code, meaning.strip()))
        else:
            kept.append(paragraph)
    return "\n\n".join(kept), rows


def visible(items):
    return [item for item in items if item.get("shouldDisplay", True)]


def leaves_and_groups(command, path):
    """Every displayed command below the root, depth first, with its full name."""
    for sub in visible(command.get("subcommands", [])):
        if sub["commandName"] == "help":
            continue
        name = path + [sub["commandName"]]
        yield name, sub
        yield from leaves_and_groups(sub, name)


def synopsis(name, command, common):
    parts = ["\\fB" + escape(" ".join(name)) + "\\fR"]
    subs = [s for s in visible(command.get("subcommands", [])) if s["commandName"] != "help"]
    if subs:
        parts.append("\\fI" + escape("|".join(s["commandName"] for s in subs)) + "\\fR ...")
        return " ".join(parts)
    for argument in visible(command.get("arguments", [])):
        if argument["kind"] != "positional":
            continue
        label = option_label(argument)
        if argument.get("isRepeating"):
            label += "..."
        parts.append("[" + label + "]" if argument.get("isOptional") else label)
    if any(a["kind"] != "positional" for a in visible(command.get("arguments", []))):
        parts.append("[\\fI%s\\fR]" % W["options"])
    return " ".join(parts)


def main():
    # SOURCE_DATE_EPOCH (reproducible builds) or today; --date and --version may say otherwise.
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    when = datetime.datetime.fromtimestamp(int(epoch), datetime.timezone.utc) if epoch else datetime.datetime.now()
    global W
    options = {"--date": when.date().isoformat(), "--version": "", "--lang": "en"}
    arguments = sys.argv[1:]
    while len(arguments) >= 2 and arguments[0] in options:
        options[arguments[0]] = arguments[1]
        arguments = arguments[2:]
    if arguments:
        sys.exit("usage: remission --experimental-dump-help | manpage.py [--date YYYY-MM-DD] [--version V] [--lang ru]")
    if options["--lang"] not in WORDS:
        sys.exit("manpage.py: --lang takes " + " or ".join(sorted(WORDS)))
    W = WORDS[options["--lang"]]
    date = options["--date"]
    tool = json.load(sys.stdin)
    root = tool["command"]
    commands = list(leaves_and_groups(root, [root["commandName"]]))

    counts = {}
    for _, command in commands:
        for argument in visible(command.get("arguments", [])):
            if argument["kind"] != "positional":
                counts[option_key(argument)] = counts.get(option_key(argument), 0) + 1
    common = {key for key, count in counts.items() if count >= COMMON_THRESHOLD and key[1] not in SKIPPED_OPTIONS}

    description, exit_rows = split_exit_codes(root.get("discussion", ""))
    version = options["--version"]
    out = [
        "'\\\" -*- coding: UTF-8 -*-",
        '.\\" Generated by scripts/lib/manpage.py from `remission --experimental-dump-help`; do not edit.',
        '.TH REMISSION 1 "%s" "%s" "%s"' % (date, escape(("remission " + version).strip()), W["User Commands"]),
        ".nh",
        ".ad l",
        ".SH " + W["NAME"],
        "remission \\- " + escape(root.get("abstract", "")),
        ".SH " + W["SYNOPSIS"],
        ".B remission",
        ".I " + W["command"],
        "[\\fI%s\\fR] [\\fI%s\\fR]" % (W["arguments"], W["options"]),
        ".SH " + W["DESCRIPTION"],
    ]
    render_discussion(description, out)
    out.append(".PP")
    out.append(W["help"])

    out.append(".SH " + W["COMMANDS"])
    for name, command in commands:
        out.append(".SS " + synopsis(name, command, common))
        if command.get("abstract"):
            out.append(escape(command["abstract"]))
        if command.get("discussion"):
            render_discussion(command["discussion"], out)
        own, shared = [], []
        for argument in visible(command.get("arguments", [])):
            key = option_key(argument)
            if key[1] in SKIPPED_OPTIONS and argument["kind"] != "positional":
                continue
            (shared if key in common else own).append(argument)
        for argument in own:
            out.append(".TP")
            out.append(option_label(argument))
            out.append(describe(argument))
        if shared:
            out.append(".PP")
            out.append(
                W["also"]
                + ", ".join("\\fB" + escape("--" + option_key(a)[1]) + "\\fR" for a in shared)
                + W["see common"]
            )

    out.append(".SH " + W["COMMON OPTIONS"])
    out.append(W["common intro"])
    listed = set()
    for _, command in commands:
        for argument in visible(command.get("arguments", [])):
            key = option_key(argument)
            if key in common and key not in listed:
                listed.add(key)
                out.append(".TP")
                out.append(option_label(argument))
                out.append(describe(argument))

    if exit_rows:
        out.append(".SH " + W["EXIT STATUS"])
        out.append(".PD 0")
        for code, meaning in exit_rows:
            out.append(".TP 5")
            out.append(".B " + escape(code))
            out.append(escape(meaning))
        out.append(".PD")

    out.append(".SH " + W["ENVIRONMENT"])
    for names, meaning in ENVIRONMENT[options["--lang"]]:
        out.append(".TP")
        out.append(", ".join("\\fB" + escape(name) + "\\fR" for name in names.split(", ")))
        out.append(escape(meaning))
    out.append(".SH " + W["FILES"])
    for path, meaning in FILES[options["--lang"]]:
        out.append(".TP")
        out.append(("\\fI" + escape(path) + "\\fR") if path.startswith("$") else escape(path))
        out.append(escape(meaning))

    out.append(".SH " + W["SEE ALSO"])
    out.append(".BR transmission\\-remote (1),")
    out.append(".BR transmission\\-daemon (1),")
    out.append(".BR curl (1),")
    out.append(".BR secret\\-tool (1)")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
