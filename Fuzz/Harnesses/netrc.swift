/// The netrc parser (`Netrc`, Sources/RemissionCredentials/Netrc.swift), compiled into this harness
/// on its own: it is pure Swift, and the rest of its module loads libsecret. Properties: the entries
/// it reads, written back as netrc text with every token quoted, read back the same; lookups by host
/// and user find an entry with that machine (or the default) and a matching login.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let netrc = Netrc(parsing: text(start, count))
    var written = ""
    for entry in netrc.entries {
        written += entry.machine.map { "machine \(quoted($0))" } ?? "default"
        if let login = entry.login { written += " login \(quoted(login))" }
        if let password = entry.password { written += " password \(quoted(password))" }
        written += "\n"
    }
    let again = Netrc(parsing: written)
    check(again == netrc, "entries \(netrc.entries) written as \(written) read back as \(again.entries)")
    for entry in netrc.entries {
        let host = entry.machine ?? "no-such-host.invalid"
        guard let found = netrc.entry(host: host, user: entry.login) else {
            check(false, "no entry found for \(host) \(String(describing: entry.login))")
            return 0
        }
        check(found.machine == nil || found.machine == host.lowercased(), "entry for \(host) is \(found)")
        check(found.login == nil || entry.login == nil || found.login == entry.login, "login of \(found)")
    }
    return 0
}

/// A token in double quotes, with `\` and `"` escaped (curl's form, which `Netrc` reads).
private func quoted(_ token: String) -> String {
    var result = "\""
    for scalar in token.unicodeScalars {
        if scalar == "\\" || scalar == "\"" { result += "\\" }
        result.unicodeScalars.append(scalar)
    }
    return result + "\""
}
