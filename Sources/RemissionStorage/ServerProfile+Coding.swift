import FoundationEssentials
import RemissionModel

// The file form of a profile, documented on `ServersDocument`.

extension ServerProfile: Codable {
    private enum Key: String, CodingKey {
        case name, scheme, host, port, path, user, options, createdAt, legacyID, needsPassword
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let schemeText = try container.decode(String.self, forKey: .scheme)
        guard let scheme = ServerEndpoint.Scheme(rawValue: schemeText) else {
            throw DecodingError.dataCorruptedError(
                forKey: .scheme, in: container, debugDescription: "expected \"http\" or \"https\"")
        }
        self.init(
            name: try container.decode(String.self, forKey: .name),
            endpoint: ServerEndpoint(
                scheme: scheme,
                host: try container.decode(String.self, forKey: .host),
                port: try container.decode(Int.self, forKey: .port),
                path: try container.decode(String.self, forKey: .path)),
            user: try container.decodeIfPresent(String.self, forKey: .user),
            options: try container.decodeIfPresent(ServerOptions.self, forKey: .options) ?? ServerOptions(),
            createdAt: try container.decodeIfPresent(Int64.self, forKey: .createdAt) ?? 0,
            legacyID: try container.decodeIfPresent(String.self, forKey: .legacyID),
            needsPassword: try container.decodeIfPresent(Bool.self, forKey: .needsPassword) ?? false)
        if let problem = problem() {
            let key = Key(rawValue: problem.member) ?? .name
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: problem.text)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(name, forKey: .name)
        try container.encode(endpoint.scheme.rawValue, forKey: .scheme)
        try container.encode(endpoint.host, forKey: .host)
        try container.encode(endpoint.port, forKey: .port)
        try container.encode(endpoint.path, forKey: .path)
        try container.encodeIfPresent(user, forKey: .user)
        try container.encode(options, forKey: .options)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encodeIfPresent(legacyID, forKey: .legacyID)
        try container.encode(needsPassword, forKey: .needsPassword)
    }

    /// What is wrong with this profile, if anything: the file member at fault and why. The store checks
    /// this before writing, so it never writes a file it would refuse to read.
    func problem() -> (member: String, text: String)? {
        if let problem = Self.nameProblem(name) { return ("name", "\(quoted(name)) is not a valid name: \(problem)") }
        guard (1...65535).contains(endpoint.port) else { return ("port", "\(endpoint.port) is not a port (1-65535)") }
        if endpoint.host.isEmpty { return ("host", "the host is empty") }
        do {
            let parsed = try ServerEndpoint.parse("\(endpoint.scheme.rawValue)://\(endpoint.authority)/")
            if parsed.host != endpoint.host { return ("host", "\(quoted(endpoint.host)) is not a valid host") }
        } catch {
            return ("host", "\(quoted(endpoint.host)) is not a valid host name or IP address")
        }
        let path = endpoint.path
        if !path.hasPrefix("/")
            || path.unicodeScalars.contains(where: { $0.properties.isWhitespace || isInvisible($0) })
            || path.contains("?") || path.contains("#")
        {
            return ("path", "\(quoted(path)) is not a valid RPC path (it starts with '/', without spaces, '?' or '#')")
        }
        if let user, user.isEmpty || user.unicodeScalars.contains(where: isInvisible) {
            return ("user", "the user name is empty or contains control characters")
        }
        if let timeout = options.timeoutSeconds, !(timeout.isFinite && timeout > 0) {
            return ("options", "timeoutSeconds must be a number of seconds above zero")
        }
        return nil
    }
}

extension ServerOptions: Codable {
    private static let timeoutKey = "timeoutSeconds"
    private static let clientCertificateKey = "clientCertificate"
    private static let clientKeyKey = "clientKey"
    private static let proxyKey = "proxy"
    private static let proxyCAFileKey = "proxyCAFile"
    private static let proxyPinsKey = "proxyPins"
    private static let tlsNameKey = "tlsName"
    private static let headersKey = "headers"
    private static let viaKey = "via"
    private static let unixSocketKey = "unixSocket"

    public init(from decoder: any Decoder) throws {
        var members = try decoder.singleValueContainer().decode([String: DocumentJSON].self)
        switch members.removeValue(forKey: Self.timeoutKey) {
        case nil, .null?: timeoutSeconds = nil
        case .integer(let value)?: timeoutSeconds = Double(value)
        case .number(let value)?: timeoutSeconds = value
        default:
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "timeoutSeconds must be a number"))
        }
        clientCertificate = try Self.path(members.removeValue(forKey: Self.clientCertificateKey), decoder)
        clientKey = try Self.path(members.removeValue(forKey: Self.clientKeyKey), decoder)
        proxyCAFile = try Self.path(members.removeValue(forKey: Self.proxyCAFileKey), decoder)
        proxy = try Self.strings(members.removeValue(forKey: Self.proxyKey).map { [$0] }, decoder)?.first
        proxyPins = try Self.strings(members.removeValue(forKey: Self.proxyPinsKey).flatMap(Self.array), decoder) ?? []
        tlsName = try Self.strings(members.removeValue(forKey: Self.tlsNameKey).map { [$0] }, decoder)?.first
        switch SavedHeader.read(members.removeValue(forKey: Self.headersKey)) {
        case .success(let saved): headers = saved
        case .failure(let problem):
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: problem.text))
        }
        via = try Self.strings(members.removeValue(forKey: Self.viaKey).map { [$0] }, decoder)?.first
        unixSocket = try Self.path(members.removeValue(forKey: Self.unixSocketKey), decoder)
        unknown = members
    }

    private static func array(_ value: DocumentJSON) -> [DocumentJSON] {
        if case .array(let items) = value { return items }
        return [value]
    }

    private static func strings(_ values: [DocumentJSON]?, _ decoder: any Decoder) throws -> [String]? {
        try values?.compactMap { value in
            switch value {
            case .null: return nil
            case .string(let text): return text
            default:
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: "proxy settings must be strings"))
            }
        }
    }

    private static func path(_ value: DocumentJSON?, _ decoder: any Decoder) throws -> String? {
        switch value {
        case nil, .null?: return nil
        case .string(let path)? where path.hasPrefix("/"): return path
        default:
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "a client certificate must be an absolute path")
            )
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var members = unknown
        if let timeoutSeconds {
            members[Self.timeoutKey] =
                timeoutSeconds.rounded() == timeoutSeconds && abs(timeoutSeconds) < 1e15
                ? .integer(Int64(timeoutSeconds)) : .number(timeoutSeconds)
        } else {
            members[Self.timeoutKey] = nil
        }
        members[Self.clientCertificateKey] = clientCertificate.map { .string($0) }
        members[Self.clientKeyKey] = clientKey.map { .string($0) }
        members[Self.proxyKey] = proxy.map { .string($0) }
        members[Self.proxyCAFileKey] = proxyCAFile.map { .string($0) }
        members[Self.proxyPinsKey] = proxyPins.isEmpty ? nil : .array(proxyPins.map { .string($0) })
        members[Self.tlsNameKey] = tlsName.map { .string($0) }
        members[Self.headersKey] = SavedHeader.document(headers)
        members[Self.viaKey] = via.map { .string($0) }
        members[Self.unixSocketKey] = unixSocket.map { .string($0) }
        var container = encoder.singleValueContainer()
        try container.encode(members)
    }
}
