import RemissionSession
import Testing

/// The daemon's refusals of a URL it fetched itself, in both daemons' words (read from the real
/// 3.00 and 4.1.3: `AddFileChoiceCommandTests`, `DaemonFetchCommandTests`).
@Suite("A daemon's failed fetch, read from its refusal")
struct DaemonFetchFailureTests {
    @Test(
        "3.00's and 4.x's words give the status and its text; anything else is left as the refusal",
        arguments: [
            ("gotMetadataFromURL: http error 404: Not Found", DaemonFetchFailure.Fetched.torrent, 404, "Not Found"),
            ("gotMetadataFromURL: http error 0: No Response", .torrent, 0, "No Response"),
            ("gotNewBlocklist: http error 503: Service Unavailable", .blocklist, 503, "Service Unavailable"),
            ("Couldn't fetch torrent: Not Found (404)", .torrent, 404, "Not Found"),
            ("Couldn't fetch torrent: No Response (0)", .torrent, 0, "No Response"),
            ("Couldn't fetch blocklist: Not Found (404)", .blocklist, 404, "Not Found"),
            ("Couldn't fetch blocklist: Moved (Permanently) (301)", .blocklist, 301, "Moved (Permanently)"),
        ])
    func recognized(message: String, fetched: DaemonFetchFailure.Fetched, status: Int, text: String) {
        #expect(
            DaemonFetchFailure.recognize(message, url: "u")
                == DaemonFetchFailure(fetched: fetched, url: "u", status: status, statusText: text))
    }

    @Test(
        "other refusals, and numbers that are none, are not fetch failures",
        arguments: [
            "invalid or corrupt torrent file", "duplicate torrent", "gotMetadataFromURL: http error x: Bad",
            "gotMetadataFromURL: http error 99999999999999999999: Big", "Couldn't fetch torrent: Not Found",
            "Couldn't fetch torrent: Not Found (-1)", "Couldn't fetch torrent: (404", "",
            "Couldn't fetch blocklist: ()",
        ])
    func refused(message: String) {
        #expect(DaemonFetchFailure.recognize(message, url: nil) == nil)
    }
}
