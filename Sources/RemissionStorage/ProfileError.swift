/// Why a `ProfileStore` operation failed. Every message names the server and says what to do next.
public enum ProfileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `name` is not a valid server name.
    case invalidName(String, ProfileNameProblem)
    /// No saved server is called `name`; `saved` lists the names that exist, in file order.
    case notFound(String, saved: [String])
    /// A server called `name` already exists (when renaming to it).
    case alreadyExists(String)
    /// The profile has a value that could not be read back (bad host, port, path, user or option).
    case invalidProfile(String, detail: String)
    /// `servers.json` could not be read or written.
    case storage(StorageError)

    public var description: String {
        switch self {
        case .invalidName(let name, let problem):
            return "\(quoted(name)) is not a valid server name: \(problem). Use a short label without spaces, "
                + "'/' or ':', such as 'nas' or 'seedbox-2'."
        case .notFound(let name, let saved):
            let next =
                "Add one with: remission connect URL --name \(ServerProfile.nameProblem(name) == nil ? name : "NAME")"
            guard !saved.isEmpty else { return "No server named \(quoted(name)): no servers are saved yet. \(next)" }
            return "No server named \(quoted(name)). Saved servers: \(saved.joined(separator: ", ")). \(next)"
        case .alreadyExists(let name):
            return "A server named \(quoted(name)) already exists. Choose another name, or remove it first with: "
                + "remission servers remove \(name)"
        case .invalidProfile(let name, let detail):
            return "The server \(quoted(name)) cannot be saved: \(detail)."
        case .storage(let error):
            return error.description
        }
    }
}
