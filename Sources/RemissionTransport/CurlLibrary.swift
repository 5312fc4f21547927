import CCurl

/// libcurl, loaded with `dlopen` by the first transport (CCurl.h says why it is not linked).
public enum CurlLibrary {
    /// Starts loading libcurl on a background thread, so that a command that will connect finds it
    /// loaded (or nearly) when it gets there. Call `finishPreload()` before the process exits.
    public static func preload() {
        rm_curl_preload()
    }

    /// Waits for a load that `preload()` started: exiting while it runs would run library
    /// destructors beside a thread still loading libraries or initialising OpenSSL.
    public static func finishPreload() {
        rm_curl_preload_join()
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
