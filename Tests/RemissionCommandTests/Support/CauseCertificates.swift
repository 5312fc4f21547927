import Foundation
import TestSupport

/// Certificates for the known-cause tests, made with the openssl CLI in a temporary directory:
/// Traefik's placeholder, a Let's Encrypt staging chain, and leaves valid only in the future or until
/// an hour ago under a CA of the test's own (`ca.crt`).
struct CauseCertificates {
    let directory = TemporaryDirectory()

    /// `cert` (the chain the server sends) and `key` of one kind.
    func make(_ kind: Kind) throws -> (cert: String, key: String) {
        let result = try ProcessRunner.run(
            "/bin/bash", args: ["-euc", Self.script + kind.commands], env: ["WORK": directory.path],
            timeout: .seconds(60))
        guard result.status == 0 else { throw Failed(output: result.stderrText) }
        return (directory.file("\(kind).chain.pem"), directory.file("\(kind).key"))
    }

    var caFile: String { directory.file("ca.crt") }

    enum Kind: String, CustomStringConvertible {
        case traefik, staging, notYetValid, justExpired
        var description: String { rawValue }

        var commands: String {
            switch self {
            case .traefik:
                return """
                    key traefik
                    openssl req -x509 -key traefik.key -days 2 -subj "/CN=TRAEFIK DEFAULT CERT" \
                        -addext "subjectAltName=DNS:0f1e2d3c.4b5a6978.traefik.default" -out traefik.chain.pem
                    """
            case .staging:
                return """
                    key root; key inter; key staging
                    openssl req -x509 -key root.key -days 30 -subj "/O=(STAGING) Internet Security Research Group/CN=(STAGING) Pretend Pear X1" \
                        -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" -out root.crt
                    openssl req -new -key inter.key -subj "/O=(STAGING) Let's Encrypt/CN=(STAGING) Artificial Apricot R3" -out inter.csr
                    printf 'basicConstraints=critical,CA:TRUE\\nkeyUsage=critical,keyCertSign,cRLSign\\n' > ca.ext
                    openssl x509 -req -in inter.csr -CA root.crt -CAkey root.key -days 30 -extfile ca.ext -out inter.crt
                    leaf staging inter
                    cat staging.crt inter.crt > staging.chain.pem
                    """
            case .notYetValid:
                return "ca; key notYetValid; dated notYetValid \"$(date -u -d '+2 hours' +%Y%m%d%H%M%SZ)\" "
                    + "\"$(date -u -d '+30 days' +%Y%m%d%H%M%SZ)\""
            case .justExpired:
                return "ca; key justExpired; dated justExpired \"$(date -u -d '-30 days' +%Y%m%d%H%M%SZ)\" "
                    + "\"$(date -u -d '-1 hour' +%Y%m%d%H%M%SZ)\""
            }
        }
    }

    struct Failed: Error {
        var output: String
    }

    /// Shell functions: `key NAME`, `ca` (ca.crt/ca.key), `leaf NAME ISSUER` (for 127.0.0.1),
    /// `dated NAME START END` (signed by ca with those dates, through `openssl ca`).
    static let script = """
        cd "$WORK"
        key() { openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$1.key" 2>/dev/null; }
        ca() {
            key ca
            openssl req -x509 -key ca.key -days 30 -subj "/CN=Cause Test CA" \
                -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" -out ca.crt
        }
        leaf() {
            openssl req -new -key "$1.key" -subj "/CN=localhost" -out "$1.csr"
            printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\\nextendedKeyUsage=serverAuth\\n' > leaf.ext
            openssl x509 -req -in "$1.csr" -CA "$2.crt" -CAkey "$2.key" -days 10 -extfile leaf.ext -out "$1.crt"
        }
        dated() {
            openssl req -new -key "$1.key" -subj "/CN=localhost" -out "$1.csr"
            : > index.txt; echo 01 > serial
            printf '[ca]\\ndefault_ca=d\\n[d]\\ndatabase=index.txt\\nnew_certs_dir=.\\nserial=serial\\n' > ca.cnf
            printf 'default_md=sha256\\npolicy=p\\nunique_subject=no\\n[p]\\ncommonName=supplied\\n' >> ca.cnf
            printf '[x]\\nsubjectAltName=DNS:localhost,IP:127.0.0.1\\nextendedKeyUsage=serverAuth\\n' >> ca.cnf
            openssl ca -config ca.cnf -batch -notext -cert ca.crt -keyfile ca.key -in "$1.csr" -out "$1.chain.pem" \
                -startdate "$2" -enddate "$3" -extensions x 2>/dev/null
        }

        """
}
