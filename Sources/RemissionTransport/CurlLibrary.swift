import CCurl

/// libcurl, loaded with `dlopen` by the first `CurlTransport` (CCurl.h says why it is not linked).
public enum CurlLibrary {
    /// Loads libcurl and runs `curl_global_init`, once per process. A missing or broken libcurl is
    /// a clear error for the command that needed it; only a connection through a proxy loads it.
    public static func load() throws(TransportError) {
        var reason: UnsafePointer<CChar>?
        guard rm_curl_load(&reason) == 0 else { return }
        let detail = reason.map { String(cString: $0) } ?? "unknown error"
        throw .engineUnavailable(detail: detail)
    }
}
