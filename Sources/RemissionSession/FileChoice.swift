import RemissionModel

#if canImport(Glibc)
    import Glibc
#endif

/// Which files of an added torrent to download: `add --skip FILES` (all but these) or `add --only
/// FILES` (these alone), transmission-remote's `-a x -G 0`. FILES are indexes as `files ID` lists
/// them (`0,2,4-6`, `all`) or names: a shell pattern (`*.nfo`, `Sample/*`) matched against each
/// file's path as `files` shows it (`Name/dir/file`) without the torrent's name, or its last part.
public struct FileChoice: Sendable, Equatable {
    public enum Mode: Sendable, Equatable {
        case skip, only
    }

    /// One value of `--skip`/`--only`.
    public enum Selector: Sendable, Equatable {
        case indexes(FileIndexes)
        case pattern(String)
    }

    public var mode: Mode
    public var selectors: [Selector]

    public init(mode: Mode, selectors: [Selector]) {
        (self.mode, self.selectors) = (mode, selectors)
    }

    /// The choice `--skip` and `--only` give; nil when neither is given. A value that reads as
    /// indexes is indexes (a reversed range is refused); anything else is a name.
    public static func parse(skip: [String], only: [String]) throws(AddFileChoiceProblem) -> FileChoice? {
        guard skip.isEmpty || only.isEmpty else { throw .skipAndOnly }
        let (mode, values) = skip.isEmpty ? (Mode.only, only) : (.skip, skip)
        guard !values.isEmpty else { return nil }
        var selectors: [Selector] = []
        for value in values {
            do throws(FileIndexesError) {
                selectors.append(.indexes(try FileIndexes.parse(value)))
            } catch {
                if case .reversed(let range) = error { throw .reversedRange(range) }
                guard !value.isEmpty else { throw .emptyName }
                selectors.append(.pattern(value))
            }
        }
        return FileChoice(mode: mode, selectors: selectors)
    }

    /// The files not to download (`files-unwanted`), ascending, for a torrent whose files are
    /// `paths` (as `files` lists them); an index out of range or a name that matches nothing is an
    /// error, as nothing should be downloaded by mistake.
    public func unwanted(in paths: [String]) throws(AddFileChoiceProblem) -> [Int] {
        var chosen = Set<Int>()
        for selector in selectors {
            switch selector {
            case .indexes(let indexes):
                do throws(FileIndexesError) {
                    chosen.formUnion(try indexes.resolve(count: paths.count, torrent: 0))
                } catch {
                    guard case .outOfRange(let outside, let count, _) = error else {
                        throw .outOfRange([], count: paths.count)
                    }
                    throw .outOfRange(outside, count: count)
                }
            case .pattern(let pattern):
                let matching = paths.indices.filter { Self.matches(pattern, paths[$0]) }
                guard !matching.isEmpty else { throw .noMatch(pattern, count: paths.count) }
                chosen.formUnion(matching)
            }
        }
        switch mode {
        case .skip: return chosen.sorted()
        case .only: return paths.indices.filter { !chosen.contains($0) }
        }
    }

    /// Whether a shell pattern matches a file's path as `files` shows it (`Name/dir/file`), without
    /// the torrent's name (`dir/file`), or its last part (`file`); `/` only matched by `/`
    /// (fnmatch's FNM_PATHNAME).
    static func matches(_ pattern: String, _ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        let candidates = [path, parts.dropFirst().joined(separator: "/"), parts.last.map(String.init) ?? path]
        return candidates.contains { !$0.isEmpty && fnmatch(pattern, $0, FNM_PATHNAME) == 0 }
    }
}

/// Why `add --skip/--only` chose no files, worded by `FailureText` (`LocalProblem.addFileChoice`).
public enum AddFileChoiceProblem: Error, Sendable, Equatable {
    /// `--skip` and `--only` together (exit 2).
    case skipAndOnly
    /// A range written high to low (exit 2).
    case reversedRange(String)
    /// `--skip ""` (exit 2).
    case emptyName
    /// Indexes the torrent does not have; it has `count` files (exit 2; nothing added).
    case outOfRange([Int], count: Int)
    /// A name that matches none of the torrent's `count` files (exit 2; nothing added).
    case noMatch(String, count: Int)
    /// A magnet link with `--paused`: a stopped torrent gets no file list from its peers (exit 2).
    case pausedMagnet
    /// The magnet's file list did not come within `seconds`: the torrent was added (and runs), no
    /// file was skipped (exit 1). `server`: the server the user named, for the command to run later.
    case fileListLate(id: Int, name: String, seconds: Int, server: String?)
}
