import RemissionModel
import Testing

/// `no_proxy` as curl 8 reads it. The rows come from curl's own documentation (CURLOPT_NOPROXY,
/// `--noproxy`: names, domains, `*`, IPv6 without brackets, CIDR since 7.86) and from the table of
/// curl's unit test for `Curl_check_noproxy` (tests/unit/unit1614.c), hosts written as
/// `ServerEndpoint.host` holds them (IPv6 without brackets).
@Suite("no_proxy as curl 8 reads it")
struct NoProxyListTests {
    @Test(
        "names, domains with or without a leading dot, trailing dots, case",
        arguments: [
            ("www.example.com", "localhost,.example.com,.example.de", true),
            ("www.example.com.", "localhost,.example.com,.example.de", true),
            ("example.com", "localhost,.example.com,.example.de", true),
            ("example.com.", "localhost,.example.com,.example.de", true),
            ("www.example.com", "localhost,.example.com.,.example.de", true),
            ("www.example.com", "localhost,www.example.com.,.example.de", true),
            ("example.com", "localhost,example.com,.example.de", true),
            ("example.com.", "localhost,example.com,.example.de", true),
            // A domain without a dot covers the names under it too (curl ≥ 7.86 as before).
            ("www.example.com", "localhost,example.com,.example.de", true),
            ("localhost", "localhost,127.0.0.1", true),
            ("localhost", "127.0.0.1,localhost", true),
            ("foobar", "barfoo", false),
            ("foobar", "foobar", true),
            ("bar", "foo, bar, ::1/64", true),
            ("bar", "foo,,,,,              bar, ::1/64", true),
            ("www.example.com", "foo, .example.com", true),
            ("www.example.com", "www2.example.com, .example.net", false),
            ("example.com", ".example.com, .example.net", true),
            ("nonexample.com", ".example.com, .example.net", false),
            // --noproxy's documentation: local.com covers local.com(:80) and www.local.com, not www.notlocal.com.
            ("local.com", "local.com", true), ("www.local.com", "local.com", true),
            ("www.notlocal.com", "local.com", false),
            ("nas.lan", "NAS.LAN", true),
        ] as [(String, String, Bool)])
    func names(host: String, list: String, covered: Bool) {
        #expect(NoProxyList.covers(host, list: list) == covered, "\(host) in \(list)")
    }

    @Test(
        "IPv4 and IPv6 literals and CIDR ranges; names never cover addresses, nor addresses names",
        arguments: [
            ("127.0.0.1", "127.0.0.1,localhost", true),
            ("127.0.0.1", "127.0.0.1,localhost,", true),
            ("127.0.0.1", "127.0.0.1/8,localhost,", true),
            ("127.0.0.1", "127.0.0.1/28,localhost,", true),
            ("127.0.0.1", "127.0.0.1/31,localhost,", true),
            ("127.0.0.1", "localhost,127.0.0.1", true),
            ("192.168.0.1", "foobar", false),
            ("192.168.0.1", "192.168.0.0/16", true),
            ("192.168.0.1", "192.168.0.0/24", true),
            ("192.168.0.1", "192.168.0.0/32", false),
            ("192.168.0.1", "192.168.0.0", false),
            ("192.168.1.1", "192.168.0.0/24", false),
            ("192.168.1.1", "foo, bar, 192.168.0.0/24", false),
            ("192.168.1.1", "foo, bar, 192.168.0.0/16", true),
            ("10.20.30.40", "10.0.0.0/8", true),
            ("11.20.30.40", "10.0.0.0/8", false),
            // /0 and bits that are not a number mean the whole address (curl's atoi reads 0).
            ("10.0.0.1", "10.0.0.0/0", false), ("10.0.0.0", "10.0.0.0/0", true),
            ("10.0.0.1", "10.0.0.0/x", false), ("10.0.0.1", "10.0.0.0/33", false),
            ("10.0.0.1", "10.0.0.0/8x", true),
            ("::1", "foo, bar, 192.168.0.0/16", false),
            ("::1", "foo, bar, ::1/64", true),
            ("::1", "::1", true), ("::1", "0:0::1", true),
            ("::1", "::1/129", false),
            ("fe80::ab47:4396:55c9:8474", "fe80::ab47:4396:55c9:8474/64", true),
            ("fe80::ab47:4396:55c9:8474", "fe80::/10", true),
            ("fd00::2", "fd00::/8", true), ("fe00::2", "fd00::/8", false),
            ("fd00::2", "fd00::/12", true), ("fd10::2", "fd00::/12", false),
            // IPv6 entries without brackets, as curl documents: brackets cover nothing.
            ("::1", "[::1]", false),
            ("192.168.0.1", "::/0", false), ("::1", "0.0.0.0/0", false),
            ("nas.lan", "10.0.0.0/8", false),
        ] as [(String, String, Bool)])
    func addresses(host: String, list: String, covered: Bool) {
        #expect(NoProxyList.covers(host, list: list) == covered, "\(host) in \(list)")
    }

    @Test(
        "* alone covers everything; ports play no part; a blank without a comma ends the list",
        arguments: [
            ("nas.lan", "*", true), ("10.0.0.1", "*", true), ("::1", "*", true),
            ("nas.lan", "other,*", false), ("nas.lan", " *", false),
            ("nas.lan", "nas.lan:9091", false), ("10.0.0.1", "10.0.0.1:9091", false),
            ("nas.lan", "other nas.lan", false), ("nas.lan", "nas.lan other", true),
            ("nas.lan", "other ,nas.lan", true), ("nas.lan", "", false), ("nas.lan", " , ,", false),
        ] as [(String, String, Bool)])
    func wildcardAndSeparators(host: String, list: String, covered: Bool) {
        #expect(NoProxyList.covers(host, list: list) == covered, "\(host) in \(list)")
    }

    @Test("the environment: no_proxy before NO_PROXY, an empty no_proxy covers nothing")
    func environment() throws {
        let server = try ServerEndpoint.parse("http://10.1.2.3:9091/transmission/rpc")
        let proxy = ["http_proxy": "http://p:3128"]
        func proxied(_ extra: [String: String]) -> Bool {
            ProxyEndpoint.fromEnvironment(proxy.merging(extra) { $1 }, for: server) != nil
        }
        #expect(!proxied(["no_proxy": "10.0.0.0/8"]))
        #expect(!proxied(["NO_PROXY": "10.0.0.0/8"]))
        #expect(proxied(["no_proxy": "", "NO_PROXY": "10.0.0.0/8"]))
        #expect(proxied(["no_proxy": "192.168.0.0/16"]))
    }
}
