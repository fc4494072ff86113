import DaybookClient
import DaybookTestSupport
import Foundation
import HTTPTypes
import HummingbirdTesting
import OpenAPIRuntime
import OpenAPIURLSession
import Testing

/// Sends `Authorization: Bearer <token>` with every request.
struct BearerTokenMiddleware: OpenAPIRuntime.ClientMiddleware {
    let token: String

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.authorization] = "Bearer \(token)"
        return try await next(request, body, baseURL)
    }
}

/// The Swift client library, generated from the same contract, against the real server on a port.
@Suite("Swift client against the running server")
struct ClientTests {
    @Test func registerLogInAndReadMe() async throws {
        try await withApp(.sqlite, mode: .live) { client, _ in
            let port = try #require(client.port)
            let serverURL = try #require(URL(string: "http://127.0.0.1:\(port)/api/v1"))
            let configuration = Configuration(dateTranscoder: .iso8601WithFractionalSeconds)
            let anonymous = DaybookClient.Client(
                serverURL: serverURL, configuration: configuration, transport: URLSessionTransport())

            let registered = try await anonymous.register(
                body: .json(
                    .init(
                        email: "swift@example.org", username: "swift_client", password: "typed all the way",
                        timeZone: "Europe/Helsinki", deviceName: "Client test")))
            let account = try registered.created.body.json
            #expect(account.user.username == "swift_client")
            #expect(account.expiresAt > Date())

            let loggedIn = try await anonymous.login(
                body: .json(.init(login: "swift@example.org", password: "typed all the way")))
            let token = try loggedIn.ok.body.json.token
            #expect(token != account.token)

            let authenticated = DaybookClient.Client(
                serverURL: serverURL, configuration: configuration, transport: URLSessionTransport(),
                middlewares: [BearerTokenMiddleware(token: token)])
            let me = try await authenticated.getMe().ok.body.json
            #expect(me.id == account.user.id)
            #expect(me.email == "swift@example.org")
            #expect(me.timeZone == "Europe/Helsinki")
            // Microsecond times from the server decode, and equal what registration returned.
            #expect(me.createdAt == account.user.createdAt)

            let sessions = try await authenticated.listSessions().ok.body.json.items
            #expect(sessions.count == 2)
            #expect(sessions.filter(\.current).count == 1)

            // Errors arrive as typed problems.
            switch try await anonymous.getMe() {
            case .unauthorized(let problem):
                #expect(try problem.body.application_problem_plus_json.code == "unauthorized")
            default:
                Issue.record("expected 401")
            }
            switch try await anonymous.login(body: .json(.init(login: "swift_client", password: "wrong password!"))) {
            case .unauthorized(let problem):
                #expect(try problem.body.application_problem_plus_json.code == "invalid_credentials")
            default:
                Issue.record("expected 401")
            }

            // A day and a check-in round trip through the typed client.
            let day = try await authenticated.putDay(
                path: .init(date: "2024-03-03"), body: .json(.init(mood: 5, note: "Typed.")))
            #expect(try day.created.body.json.moodName == .rad)
            let feeling = try #require(try await authenticated.listFeelings().ok.body.json.items.first)
            let at = Date(timeIntervalSince1970: 1_709_999_999.123)
            let checkin = try await authenticated.createCheckin(body: .json(.init(at: at, feelingId: feeling.id)))
            let created = try checkin.created.body.json
            #expect(abs(created.at.timeIntervalSince(at)) < 0.001)
            #expect(created.feeling.id == feeling.id)

            // And a journal entry.
            let written = try await authenticated.createJournalEntry(
                body: .json(.init(body: "Typed, too.", tags: ["#Typed"], isPublic: true))
            ).created.body.json
            #expect(written.tags == ["typed"] && written.author == nil)
            let journal = try await authenticated.listJournal(query: .init(tag: "typed")).ok.body.json
            #expect(journal.items.map(\.id) == [written.id])

            // The closet: an item, an outfit of it, and the day it was worn.
            let category = try #require(
                try await authenticated.listClosetCategories().ok.body.json.items.first { $0.name == "Shirts" })
            let item = try await authenticated.createClosetItem(
                body: .json(.init(name: "Oxford shirt", categoryId: category.id, tags: ["work"], price: 45.5))
            ).created.body.json
            #expect(item.price == 45.5 && item.wornCount == 0)
            let outfit = try await authenticated.createOutfit(body: .json(.init(name: "Office", itemIds: [item.id])))
                .created.body.json
            let worn = try await authenticated.putOutfitDay(
                path: .init(date: "2024-03-04"), body: .json(.init(outfitId: outfit.id, note: "Typed."))
            ).ok.body.json
            #expect(worn.status == .worn && worn.itemIds == [item.id])
            let found = try await authenticated.listClosetItems(query: .init(tag: ["work"])).ok.body.json.items
            #expect(found.map(\.id) == [item.id] && found.first?.wornCount == 1 && found.first?.costPerWear == 45.5)

            // Mood over time, one value per day (`null` on a day without an entry): 2024-03-03 is
            // rad (5), the days around it empty.
            let trend = try await authenticated.getInsightTrend(query: .init(from: "2024-03-01", to: "2024-03-05"))
                .ok.body.json
            #expect(trend.from == "2024-03-01" && trend.to == "2024-03-05")
            #expect(trend.moods == [nil, nil, 5, nil, nil])
            #expect(trend.movingAverages == [nil, nil, 5, 5, 5])

            _ = try await authenticated.logout().noContent
            switch try await authenticated.getMe() {
            case .unauthorized: break
            default: Issue.record("the token still works after logout")
            }
        }
    }
}
