import Testing

@testable import DaybookAPI

/// `APIContract` reads the shipped `openapi.yaml` as the generator does: what the API's glue used
/// to keep copies of (the public operations, each operation's query parameters, which may be
/// repeated) comes out of it.
@Suite("The contract read at start-up")
struct APIContractTests {
    let contract: APIContract

    init() throws {
        contract = try APIContract.shipped.get()
    }

    @Test func publicOperationsAreThoseWithoutSecurity() {
        #expect(contract.publicOperations == ["register", "login", "completeLogin"])
    }

    @Test func queryParametersKeepTheirTypesFromTheDocument() {
        let closet = contract.queryParameters["listClosetItems"] ?? [:]
        #expect(closet["tag"]?.kind == .list)
        #expect(closet["archived"]?.kind == .boolean)
        #expect(closet["limit"]?.kind == .integer, "a shared parameter, through its $ref")
        #expect(closet["sort"]?.kind == .oneOf(Components.Schemas.ClosetSort.allCases.map(\.rawValue)))
        #expect(closet["q"] == APIContract.QueryParameter(kind: .string, required: false))
        #expect(contract.queryParameters["getCalendar"]?["month"]?.required == true)
        #expect(contract.queryParameters["listMedia"]?["kind"]?.kind == .oneOf(["photo", "avatar"]))
        #expect(contract.queryParameters["putDay"] == nil, "a path parameter is not a query parameter")
    }

    @Test func operationsAreFoundByPathAndMethod() {
        #expect(contract.paths.operationID(for: "/api/v1/days/2024-03-01", method: .put) == "putDay")
        #expect(contract.paths.operationID(for: "/api/v1/journal/public", method: .get) == "listPublicJournal")
        #expect(contract.paths.operationID(for: "/api/v1/days", method: .delete) == nil)
        #expect(contract.paths.allowedMethods(for: "/api/v1/auth/login") == ["POST"])
        #expect(contract.bodyTypes["putDay"] == "application/json")
        #expect(contract.bodyTypes["uploadMedia"] == "multipart/form-data")
        #expect(contract.bodyTypes["listDays"] == nil)
    }
}
