import RemissionModel
import RemissionSession
import RemissionTransport
import Testing

@testable import RemissionViews

/// The words of proxy failures: each SOCKS reply code its own phrase, in English and Russian, the
/// proxy URL made terminal-safe, and the exit status each one means.
@Suite("Views: proxy failures worded")
struct ProxyTextTests {
    static let replies: [SOCKSReply] = [
        .generalFailure, .notAllowed, .networkUnreachable, .hostUnreachable, .connectionRefused, .ttlExpired,
        .commandNotSupported, .addressTypeNotSupported, .unassigned(9), .noAcceptableMethod, .credentialsRejected,
        .socks4Rejected, .socks4NoIdentd, .socks4IdentdMismatch,
    ]

    @Test("every SOCKS reply has its own words, in English and in Russian")
    func distinctWords() {
        for language in [Language.english, .russian] {
            let texts = Language.$override.withValue(language) {
                Self.replies.map { ProxyText.reason(.socks(proxy: "socks5h://gw:1080", reply: $0)) }
            }
            #expect(Set(texts).count == Self.replies.count, "\(language): \(texts)")
            #expect(texts.allSatisfy { $0.contains("socks5h://gw:1080") }, "\(language)")
        }
        let russian = Language.$override.withValue(.russian) {
            ProxyText.reason(.socks(proxy: "socks5h://gw:1080", reply: .credentialsRejected))
        }
        #expect(russian == "SOCKS-прокси socks5h://gw:1080 отверг имя пользователя и пароль")
    }

    @Test("a hostile proxy URL or detail is made terminal-safe")
    func terminalSafe() {
        let text = ProxyText.reason(.malformedAnswer(proxy: "http://e\u{1B}[2J:1", detail: "x\u{1B}]0;t\u{07}"))
        #expect(!text.contains("\u{1B}") && !text.contains("\u{07}"), "\(text)")
    }

    @Test("exit statuses: credentials 4, the server unreachable 3, a rule 6, a malformed answer 1")
    func statuses() {
        func status(_ failure: ProxyFailure) -> RemissionSession.ExitStatus {
            Failure(.transport(.proxy(failure))).status
        }
        #expect(status(.socks(proxy: "p", reply: .credentialsRejected)) == .authentication)
        #expect(status(.socks(proxy: "p", reply: .noAcceptableMethod)) == .authentication)
        #expect(status(.socks(proxy: "p", reply: .hostUnreachable)) == .offline)
        #expect(status(.socks(proxy: "p", reply: .connectionRefused)) == .offline)
        #expect(status(.socks(proxy: "p", reply: .notAllowed)) == .serverRefused)
        #expect(status(.malformedAnswer(proxy: "p", detail: "d")) == .failure)
        #expect(Failure(.transport(.timeout(phase: .proxyTunnel, detail: ""))).step == .proxy)
    }
}
