import CCurl

/// libcurl, loaded with `dlopen` by the first transport (CCurl.h says why it is not linked).
public enum CurlLibrary {
    /// Starts loading libcurl on a background thread, so that a command that will connect finds it
    /// loaded (or nearly) when it gets there. The process must then end with `_exit`, not `exit`:
    /// library destructors must not run beside a thread still loading libraries.
    public static func preload() {
        rm_curl_preload()
    }

    /// Whether `word` names a command that always connects, the hint for `preload()`. One list, in
    /// CCurl, which also starts the load from an ELF constructor for `remission WORD ...`.
    public static func commandConnects(_ word: String) -> Bool {
        rm_curl_command_connects(word) == 1
    }

    /// Loads libcurl and runs `curl_global_init`, once per process. A missing or broken libcurl is
    /// a clear error for the command that needed it; commands that do not connect never load it.
    public static func load() throws(TransportError) {
        var reason: UnsafePointer<CChar>?
        guard rm_curl_load(&reason) == 0 else { return }
        let detail = reason.map { String(cString: $0) } ?? "unknown error"
        throw .engineUnavailable(detail: detail)
    }
}
