import Foundation

/// A private CA made with the `openssl` command line, laid out as the CAs people run keep their files
/// (issue 32: an intermediate is not a root): a root and an intermediate it signed, copied where
/// Caddy (`caddy/pki/authorities/local/{root,intermediate}.crt`, its leaf bundle under
/// `caddy/certificates/local/nas.lan/nas.lan.crt`), step-ca (`step/certs/{root_ca,intermediate_ca}.crt`)
/// and mkcert (`mkcert/rootCA.pem`) keep them; an impostor root with the same name and another key
/// beside a copy of the intermediate (`impostor/`); a bundle of intermediate and root; the root's key.
public final class IntermediatePKI {
    public let directory = TemporaryDirectory()

    public init() throws {
        let script = """
            set -eu
            cat >ext.cnf <<'CNF'
            [ ca ]
            basicConstraints = critical, CA:TRUE
            keyUsage = critical, keyCertSign, cRLSign
            subjectKeyIdentifier = hash
            [ intermediate ]
            basicConstraints = critical, CA:TRUE, pathlen:0
            keyUsage = critical, keyCertSign, cRLSign
            subjectKeyIdentifier = hash
            authorityKeyIdentifier = keyid:always
            [ leaf ]
            basicConstraints = critical, CA:FALSE
            keyUsage = critical, digitalSignature
            extendedKeyUsage = serverAuth
            subjectAltName = DNS:nas.lan
            CNF
            key() { openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$1" 2>/dev/null; }
            key root.key; key impostor.key; key intermediate.key; key leaf.key
            openssl req -x509 -new -key root.key -subj "/CN=Home Root CA" -days 3650 \\
                -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" \\
                -out root.crt
            openssl req -x509 -new -key impostor.key -subj "/CN=Home Root CA" -days 3650 \\
                -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" \\
                -out impostor-root.crt
            openssl req -new -key intermediate.key -subj "/CN=Home Intermediate CA" -out intermediate.csr
            openssl x509 -req -in intermediate.csr -CA root.crt -CAkey root.key -CAcreateserial -days 7 \\
                -extfile ext.cnf -extensions intermediate -out intermediate.crt 2>/dev/null
            openssl req -new -key leaf.key -subj "/CN=nas.lan" -out leaf.csr
            openssl x509 -req -in leaf.csr -CA intermediate.crt -CAkey intermediate.key -CAcreateserial -days 1 \\
                -extfile ext.cnf -extensions leaf -out leaf.crt 2>/dev/null
            mkdir -p caddy/pki/authorities/local caddy/certificates/local/nas.lan step/certs mkcert impostor
            cp root.crt caddy/pki/authorities/local/root.crt
            cp intermediate.crt caddy/pki/authorities/local/intermediate.crt
            cat leaf.crt intermediate.crt >caddy/certificates/local/nas.lan/nas.lan.crt
            cp root.crt step/certs/root_ca.crt
            cp intermediate.crt step/certs/intermediate_ca.crt
            cp root.crt mkcert/rootCA.pem
            cp intermediate.crt mkcert/intermediate.pem
            cp impostor-root.crt impostor/root.crt
            cp intermediate.crt impostor/intermediate.crt
            cat intermediate.crt root.crt >bundle.pem
            """
        let result = try ProcessRunner.run(
            "/bin/bash", args: ["-c", script], currentDirectory: directory.path, timeout: .seconds(60))
        guard result.status == 0 else { throw Failed(output: result.stderrText) }
    }

    public struct Failed: Error {
        public var output: String
    }

    public func file(_ name: String) -> String { directory.file(name) }

    public var caddyRoot: String { file("caddy/pki/authorities/local/root.crt") }
    public var caddyIntermediate: String { file("caddy/pki/authorities/local/intermediate.crt") }
    public var caddyLeafBundle: String { file("caddy/certificates/local/nas.lan/nas.lan.crt") }
}
