import RemissionModel
import RemissionRPC
import RemissionSession
import Testing

@testable import RemissionViews

/// What a newcomer met (issue "What a newcomer still trips on"): hints that give the whole command
/// that works, the first time, in both languages.
@Suite("Views: hints that work the first time")
struct NewcomerHintsTests {
    func russian<T>(_ body: () throws -> T) rethrows -> T {
        try Language.$override.withValue(.russian, operation: body)
    }

    @Test("a 401 from a server saved without a user: credentials set with --user, not a second hop")
    func unauthorizedWithoutUser() {
        let noUser = Failure(.unauthorized(user: nil, passwordSource: .none), server: "tr3")
        #expect(
            FailureText.hint(noUser)
                == "Give a user name and password: remission credentials set tr3 --user NAME, "
                + "TR_AUTH=user:password, or --user NAME --password-stdin.")
        // A saved server with a user: the command needs nothing more.
        let withUser = Failure(.unauthorized(user: "alice", passwordSource: .none), server: "nas")
        #expect(FailureText.hint(withUser)?.hasSuffix("or remission credentials set nas.") == true)
        // A URL: the user it was tried with.
        let url = Failure(.unauthorized(user: "alice", passwordSource: .keyring), server: "https://nas:9091")
        #expect(FailureText.hint(url)?.contains("remission credentials set https://nas:9091 --user alice.") == true)
        let stored = Failure(.unauthorized(user: nil, passwordSource: .environment), server: "tr3")
        #expect(FailureText.hint(stored)?.contains("remission credentials set tr3 --user NAME.") == true)
        russian {
            #expect(
                FailureText.hint(noUser)
                    == "Укажите пользователя и пароль: remission credentials set tr3 --user NAME, "
                    + "TR_AUTH=пользователь:пароль или --user NAME --password-stdin.")
            #expect(FailureText.message(noUser, now: 0).contains("remission credentials set tr3 --user NAME"))
        }
    }

    @Test("add of a torrent already present says what became of --label")
    func duplicateLabels() {
        let duplicate = TorrentAddResult.duplicate(id: 4, name: "debian", hash: "")
        #expect(TorrentText.added(duplicate) == "already present 4 debian")
        #expect(
            TorrentText.added(duplicate, labels: ["iso", "linux"], labelsAdded: ["iso", "linux"])
                == "already present 4 debian; labels added to it: iso, linux")
        #expect(
            TorrentText.added(duplicate, labels: ["iso"], labelsAdded: [])
                == "already present 4 debian; it already has the label iso")
        russian {
            #expect(
                TorrentText.added(duplicate, labels: ["iso"], labelsAdded: ["iso"])
                    == "уже есть 4: debian; к нему добавлена метка: iso")
            #expect(
                TorrentText.added(duplicate, labels: ["a", "b"], labelsAdded: [])
                    == "уже есть 4: debian; у него уже есть метки a, b")
        }
    }
}
