#!/usr/bin/env python3
"""The phrases of remission's sources against po/ru.po (see Sources/RemissionViews/Phrase.swift).

  i18n.py check [ROOT]    lists phrases without a Russian translation, translations whose
                          placeholders differ from the English, and English words left outside tr();
                          exit 1 when there is any
  i18n.py update [ROOT]   appends an entry with an empty msgstr for every phrase po/ru.po lacks
  i18n.py keys [ROOT]     prints every phrase's key, one per line (for tests and translators)

A phrase is the string literals given to one `tr(…)` call, concatenated; `\\(expr)` becomes {N},
`\\(count: n, "one", "other")` {N} {N|one|other}, `\\(plural: n, "one", "other")` {N|one|other}.
"""
import os
import re
import sys

SOURCES = ["Sources/RemissionViews", "Sources/remission"]
# Views whose literals are for scripts, not people (JSON keys and values).
VERBATIM_FILES = re.compile(r"JSON\.swift$")


def swift_files(root):
    for top in SOURCES:
        for directory, _, names in os.walk(os.path.join(root, top)):
            for name in sorted(names):
                if name.endswith(".swift"):
                    yield os.path.join(directory, name)


class Literal:
    """A Swift string literal at text[start:end], decoded into parts."""

    def __init__(self, start, end, parts):
        self.start, self.end, self.parts = start, end, parts


def skip_string(text, i):
    """The index after the string literal that starts at text[i] == '"' (interpolations nested)."""
    return read_literal(text, i).end


def read_balanced(text, i):
    """text[i] is just after '(' ; returns the index of the matching ')'."""
    depth = 1
    while i < len(text):
        c = text[i]
        if c == '"':
            i = skip_string(text, i)
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    raise ValueError("unbalanced parenthesis")


def split_top_level(expression):
    """The comma-separated arguments of an interpolation, outside nested strings and brackets."""
    parts, depth, start, i = [], 0, 0, 0
    while i < len(expression):
        c = expression[i]
        if c == '"':
            i = skip_string(expression, i)
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(expression[start:i].strip())
            start = i + 1
        i += 1
    parts.append(expression[start:].strip())
    return parts


def literal_text(source):
    """The text of a plain literal argument such as "torrent"."""
    literal = read_literal(source, 0)
    return "".join(value for kind, value in literal.parts if kind == "text")


def read_literal(text, i):
    """Reads the literal starting at text[i] == '"'. Parts: ("text", s), ("value", expr),
    ("counted"|"plural", (one, other))."""
    assert text[i] == '"'
    if text.startswith('"""', i):
        return read_multiline(text, i)
    parts, buffer = [], []
    i += 1
    while i < len(text):
        c = text[i]
        if c == '"':
            if buffer:
                parts.append(("text", "".join(buffer)))
            return Literal(None, i + 1, parts)
        if c == "\\":
            n = text[i + 1]
            if n == "(":
                if buffer:
                    parts.append(("text", "".join(buffer)))
                    buffer = []
                close = read_balanced(text, i + 2)
                expression = text[i + 2:close]
                match = re.match(r"\s*(count|plural)\s*:", expression)
                if match:
                    arguments = split_top_level(expression[match.end():])
                    parts.append((match.group(1), (literal_text(arguments[-2]), literal_text(arguments[-1]))))
                else:
                    parts.append(("value", expression))
                i = close + 1
                continue
            if n == "u":
                close = text.index("}", i)
                buffer.append(chr(int(text[i + 3:close], 16)))
                i = close + 1
                continue
            buffer.append({"n": "\n", "t": "\t", "0": "\0", "r": "\r"}.get(n, n))
            i += 2
            continue
        buffer.append(c)
        i += 1
    raise ValueError("unterminated string")


def read_multiline(text, i):
    """A \"\"\" literal: the lines between the delimiters, less the closing delimiter's indentation,
    a backslash at a line's end joining it to the next, as Swift reads it."""
    end = text.index('"""', i + 3)
    while text[end - 1] == "\\" and text[end - 2] != "\\":
        end = text.index('"""', end + 3)
    body = text[i + 3:end]
    lines = body.split("\n")[1:]
    indent = len(lines[-1]) - len(lines[-1].lstrip(" "))
    lines = [line[indent:] for line in lines[:-1]]
    joined = ""
    for line in lines:
        if line.endswith("\\") and not line.endswith("\\\\"):
            joined += line[:-1]
        else:
            joined += line + "\n"
    joined = joined[:-1] if joined.endswith("\n") else joined
    # Reuse the one-line reader on the joined text: quotes inside are plain characters there.
    escaped = joined.replace('"', '\\"').replace("\n", "\\n")
    # Interpolations keep their own quotes: undo the escaping inside them.
    literal = read_literal(unescape_interpolations('"' + escaped + '"'), 0)
    return Literal(None, end + 3, literal.parts)


def unescape_interpolations(source):
    out, i = [], 0
    while i < len(source):
        if source.startswith("\\(", i):
            depth, j = 1, i + 2
            while depth:
                c = source[j]
                depth += c == "(" and 1 or 0
                depth -= c == ")" and 1 or 0
                j += 1
            out.append(source[i:j].replace('\\"', '"').replace("\\n", "\n"))
            i = j
            continue
        out.append(source[i])
        i += 1
    return "".join(out)


def key_of(literals):
    text, index = [], 0
    for literal in literals:
        for kind, value in literal.parts:
            if kind == "text":
                text.append(value)
            elif kind == "value":
                text.append("{%d}" % index)
                index += 1
            elif kind == "count":
                text.append("{%d} {%d|%s|%s}" % (index, index, value[0], value[1]))
                index += 1
            else:
                text.append("{%d|%s|%s}" % (index, value[0], value[1]))
                index += 1
    return "".join(text)


CALL = re.compile(r"(?<![\w.])tr\(|(?<![\w.])\.tr\(")
COMMENT = re.compile(r"//[^\n]*")


def scan(path):
    """(phrases: [(key, line)], loose: [(line, text)]) of one file."""
    text = open(path, encoding="utf-8").read()
    phrases, covered = [], []
    for match in CALL.finditer(text):
        if in_comment_or_string(text, match.start()):
            continue
        i, literals, context = match.end(), [], None
        if text[match.start()] == "." and text[match.start() - 1] not in " \t\n(:,[":
            continue
        ctx = re.match(r'\s*context:\s*"([^"\\]*)"\s*,', text[i:])
        if ctx:
            context, i = ctx.group(1), i + ctx.end()
        while True:
            while text[i] in " \n\t":
                i += 1
            if text[i] != '"':
                break
            literal = read_literal(text, i)
            literals.append(literal)
            i = literal.end
            while text[i] in " \n\t":
                i += 1
            if text[i] == ",":
                i += 1
                continue
            break
        if not literals:
            continue
        line = text.count("\n", 0, match.start()) + 1
        key = key_of(literals)
        phrases.append(((context + "\x04" + key) if context else key, line))
        covered.append((match.start(), i))
    views = "RemissionViews" in path and not VERBATIM_FILES.search(path)
    loose = loose_literals(text, covered) if views else []
    return phrases, loose


def in_comment_or_string(text, position):
    line_start = text.rfind("\n", 0, position) + 1
    before = text[line_start:position]
    return "//" in before or before.count('"') % 2 == 1


WORDY = re.compile(r"[a-z]{3,}[ ,.:;']+[a-z]{2,}|^[A-Z][a-z]{2,}( [a-z]+)*[.:]?$")


def loose_literals(text, covered):
    """String literals outside tr() that read like English words for a person: a literal of two
    words or more, or one capitalised word. A line marked `// verbatim`, at its end or alone on the
    line above (where a long line keeps within the formatter's length), is exempt (command names,
    units transmission-remote prints, …); so is sources/remission's code outside its views."""
    found, i = [], 0
    spans = sorted(covered)
    while i < len(text):
        if any(start <= i < end for start, end in spans):
            i = next(end for start, end in spans if start <= i < end)
            continue
        if text.startswith("//", i):
            i = text.find("\n", i)
            if i < 0:
                break
            continue
        if text.startswith('"""', i):
            i = text.find('"""', i + 3) + 3
            continue
        if text[i] == '"':
            literal = read_literal(text, i)
            line_start = text.rfind("\n", 0, i) + 1
            line_end = text.find("\n", i)
            line = text[line_start:line_end]
            previous = text[text.rfind("\n", 0, max(line_start - 1, 0)) + 1 : line_start]
            if previous.strip().startswith("// verbatim"):
                line += previous
            words = " ".join(value for kind, value in literal.parts if kind == "text")
            matched = re.search(r"(case |hasPrefix\(|precondition\()\s*$", text[line_start:i])
            if WORDY.search(words) and not matched and "// verbatim" not in line and "help:" not in line:
                found.append((text.count("\n", 0, i) + 1, words))
            i = literal.end
            continue
        i += 1
    return found


def read_po(path, duplicates=None):
    """The catalogue's entries by key; a key defined twice is appended to `duplicates` (msgfmt
    refuses such a file)."""
    entries, entry, field = {}, None, None

    def keep(key, value):
        if key in entries and duplicates is not None:
            duplicates.append(key)
        entries[key] = value

    def unquote(s):
        s = s.strip()[1:-1]
        return re.sub(r'\\(.)', lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), s)

    fuzzy, context = False, None
    for raw in open(path, encoding="utf-8").read().split("\n") + [""]:
        if raw.startswith("msgctxt "):
            context = unquote(raw[8:])
        elif raw.startswith("msgid "):
            if entry is not None:
                keep(entry[0], (entry[1], entry[2]))
            entry, field = ["", "", fuzzy], 0
            fuzzy = False
            entry[0] = (context + "\x04" if context is not None else "") + unquote(raw[6:])
            context = None
        elif raw.startswith("msgstr "):
            field = 1
            entry[1] = unquote(raw[7:])
        elif raw.startswith('"') and entry is not None:
            entry[field] += unquote(raw)
        elif raw.startswith("#,") and "fuzzy" in raw:
            fuzzy = True
    if entry is not None:
        keep(entry[0], (entry[1], entry[2]))
    entries.pop("", None)
    return entries


PLACEHOLDER = re.compile(r"\{(\d+)((?:\|[^{}|]*)*)\}")


def placeholders(text):
    plain, plural = set(), {}
    for match in PLACEHOLDER.finditer(text):
        index = int(match.group(1))
        forms = match.group(2).count("|")
        if forms == 0:
            plain.add(index)
        else:
            plural.setdefault(index, set()).add(forms)
    stray = PLACEHOLDER.sub("", text)
    return plain, plural, "{" in stray or "}" in stray


def problems(key, translation):
    """What is wrong with a translation's placeholders, or None."""
    plain, plural, english_stray = placeholders(key)
    t_plain, t_plural, stray = placeholders(translation)
    stray = stray and not english_stray  # JSON in a help text: braces the English has too
    if t_plain != plain:
        missing, extra = sorted(plain - t_plain), sorted(t_plain - plain)
        return "placeholders differ: %s" % ", ".join(
            ["{%d} dropped" % i for i in missing] + ["{%d} not in the English" % i for i in extra])
    for index, counts in t_plural.items():
        if index not in plural and index not in plain:
            return "{%d|…} declines a value the English does not have" % index
        if counts != {3}:
            return "{%d|…} needs Russian's three forms (one|few|many)" % index
    if stray:
        return "a brace that is no placeholder"
    return None


def po_quote(text):
    text = text.replace("\x04", " | context ")
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'


def collect(root):
    phrases, loose = {}, []
    for path in swift_files(root):
        found, unwrapped = scan(path)
        relative = os.path.relpath(path, root)
        for key, line in found:
            phrases.setdefault(key, []).append("%s:%d" % (relative, line))
        if relative.startswith("Sources/RemissionViews"):
            loose += ["%s:%d: %s" % (relative, line, words) for line, words in unwrapped]
    return phrases, loose


def main():
    command = sys.argv[1] if len(sys.argv) > 1 else "check"
    root = sys.argv[2] if len(sys.argv) > 2 else os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))))
    po_path = os.path.join(root, "po", "ru.po")
    phrases, loose = collect(root)
    if command == "keys":
        for key in sorted(phrases):
            print(po_quote(key))
        return 0
    duplicates = []
    catalogue = read_po(po_path, duplicates)
    if command == "update":
        missing = [key for key in phrases if key not in catalogue]
        with open(po_path, "a", encoding="utf-8") as po:
            for key in missing:
                context, _, msgid = key.rpartition("\x04")
                po.write("\n#: %s\n" % " ".join(phrases[key]))
                if context:
                    po.write("msgctxt %s\n" % po_quote(context))
                po.write("msgid %s\nmsgstr \"\"\n" % po_quote(msgid))
        print("%d phrases added to po/ru.po" % len(missing))
        return 0
    failures = []
    for key, places in sorted(phrases.items()):
        translation, fuzzy = catalogue.get(key, ("", False))
        if not translation or fuzzy:
            failures.append("%s: no Russian translation: msgid %s" % (places[0], po_quote(key)))
            continue
        problem = problems(key, translation)
        if problem:
            failures.append("%s: %s: msgid %s" % (places[0], problem, po_quote(key)))
    failures += ["po/ru.po: defined twice (msgfmt refuses it): msgid %s" % po_quote(key) for key in duplicates]
    failures += ["%s  <- outside tr(): translate it, or mark the line // verbatim" % line for line in loose]
    for failure in failures:
        print(failure)
    unused = sorted(set(catalogue) - set(phrases))
    print("%d phrases, %d translated, %d problems, %d unused entries in po/ru.po" % (
        len(phrases), len(phrases) - sum(1 for f in failures if "no Russian" in f), len(failures), len(unused)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
