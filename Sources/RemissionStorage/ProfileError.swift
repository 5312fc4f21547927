/// Why a `ProfileStore` operation failed; worded by `FailureText.profileReason` (RemissionViews).
public enum ProfileError: Error, Sendable, Equatable {
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

}
