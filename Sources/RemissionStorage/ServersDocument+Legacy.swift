import FoundationEssentials
import RemissionModel

/// Imports the original Remission app's `servers.json` ("version 0"): a bare JSON array of
/// `{id, name, host, port, path?, isSecure, username?, createdAt?}`.
///
/// Each entry becomes one profile, in the same order; none is dropped:
/// - `name` is made a valid name with `ServerProfile.sanitizedName` (`"My NAS"` → `My-NAS`; missing →
///   `server`), then made unique with `-2`, `-3`, … (`nas`, `nas` → `nas`, `nas-2`). The app's
///   `" (2)"`-style suffix is not used because names cannot contain spaces.
/// - `isSecure` gives the scheme (`true` → https, `false` → http); `host` and `port` are taken as they are;
///   `path` defaults to `/transmission/rpc` when missing or empty, and gets a leading `/` if it lacks one.
/// - `username` becomes `user` (an empty one counts as none), and then `needsPassword` is true: the
///   password was in the app's keychain and is asked for later, never guessed.
/// - `createdAt` (ISO 8601, e.g. `2024-03-05T10:20:30Z` or `2024-03-05T10:20:30.123+02:00`) becomes Unix
///   seconds (fractions dropped; no zone means UTC); missing or unreadable → 0.
/// - `id` becomes `legacyID`. Other members are ignored.
/// - The first server becomes the default; an empty array gives no servers and no default.
///
/// An entry that is not an object, or lacks `host`, `port` or `isSecure`, or has an invalid one, makes
/// the whole file `corrupt` (reported, left untouched) rather than being dropped. The original file is
/// kept as `servers.json.v0.bak` when the imported list is first written.
enum LegacyServerList {
    static let migration = DocumentMigration(from: 0) { document in
        document = try convert(document)
    }

    struct ImportError: Error, CustomStringConvertible {
        var description: String
    }

    static func convert(_ legacy: DocumentJSON) throws(ImportError) -> DocumentJSON {
        guard case .array(let entries) = legacy else {
            throw ImportError(description: "the original app's server list is not a JSON array")
        }
        var profiles: [ServerProfile] = []
        var taken: Set<String> = []
        for (offset, entry) in entries.enumerated() {
            var profile = try self.profile(entry, number: offset + 1)
            profile.name = ServerProfile.uniqueName(profile.name, notIn: taken)
            taken.insert(profile.name)
            profiles.append(profile)
        }
        let document = ServersDocument(defaultName: profiles.first?.name, profiles: profiles)
        do {
            return DocumentJSON(try JSONValue.parse(Array(JSONEncoder().encode(document))))
        } catch {
            throw ImportError(description: "the imported list could not be encoded: \(error)")
        }
    }

    private static func profile(_ entry: DocumentJSON, number: Int) throws(ImportError) -> ServerProfile {
        guard case .object(let members) = entry else {
            throw ImportError(description: "server \(number) in the original app's list is not a JSON object")
        }
        let originalName: String? = if case .string(let text)? = members["name"] { text } else { nil }
        let label = "server \(number)" + (originalName.map { " (\(quoted($0)))" } ?? "")
        func missing(_ member: String, _ what: String) -> ImportError {
            ImportError(
                description: "\(label) in the original app's list has no valid \"\(member)\" (\(what)); "
                    + "no server is dropped silently")
        }
        guard case .string(let host)? = members["host"], !host.isEmpty else {
            throw missing("host", "a host name or IP address")
        }
        guard case .integer(let port)? = members["port"], (1...65535).contains(port) else {
            throw missing("port", "a whole number from 1 to 65535")
        }
        guard case .bool(let isSecure)? = members["isSecure"] else {
            throw missing("isSecure", "true for https, false for http")
        }
        var path = ServerEndpoint.defaultPath
        if case .string(let text)? = members["path"], !text.isEmpty {
            path = text.hasPrefix("/") ? text : "/" + text
        }
        var user: String? = nil
        if case .string(let text)? = members["username"], !text.isEmpty { user = text }
        var createdAt: Int64 = 0
        if case .string(let text)? = members["createdAt"] { createdAt = unixSeconds(iso8601: text) ?? 0 }
        var legacyID: String? = nil
        if case .string(let text)? = members["id"] { legacyID = text }

        let profile = ServerProfile(
            name: ServerProfile.sanitizedName(originalName ?? ""),
            endpoint: ServerEndpoint(scheme: isSecure ? .https : .http, host: host, port: Int(port), path: path),
            user: user, createdAt: createdAt, legacyID: legacyID, needsPassword: user != nil)
        if let problem = profile.problem() {
            throw ImportError(description: "\(label) in the original app's list cannot be imported: \(problem.text)")
        }
        return profile
    }
}

/// Unix seconds for an ISO 8601 date-time `YYYY-MM-DDTHH:MM:SS[.fraction][Z|±HH:MM|±HHMM]` (`T` may be
/// `t` or a space; no zone means UTC; the fraction is dropped). `nil` when `text` is anything else.
func unixSeconds(iso8601 text: String) -> Int64? {
    let bytes = Array(text.utf8)
    var index = 0
    func number(_ count: Int) -> Int? {
        guard index + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<index + count] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += count
        return value
    }
    func skip(_ allowed: String) -> Bool {
        guard index < bytes.count, allowed.utf8.contains(bytes[index]) else { return false }
        index += 1
        return true
    }
    guard let year = number(4), skip("-"), let month = number(2), skip("-"), let day = number(2), skip("Tt "),
        let hour = number(2), skip(":"), let minute = number(2), skip(":"), let second = number(2)
    else { return nil }
    if skip(".,") {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        guard index > start else { return nil }
    }
    var offset = 0
    if skip("Zz") {
    } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
        index += 1
        guard let hours = number(2) else { return nil }
        _ = skip(":")
        guard let minutes = number(2), hours <= 23, minutes <= 59 else { return nil }
        offset = sign * (hours * 3600 + minutes * 60)
    }
    guard index == bytes.count, (1...12).contains(month), hour <= 23, minute <= 59, second <= 60 else { return nil }
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let monthDays = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    guard (1...monthDays[month - 1]).contains(day) else { return nil }
    // Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's days_from_civil).
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = shiftedYear / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    let days = era * 146097 + dayOfEra - 719468
    return Int64(days * 86400 + hour * 3600 + minute * 60 + second - offset)
}
