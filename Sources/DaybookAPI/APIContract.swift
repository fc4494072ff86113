import Yams

/// What the API's glue reads from the contract (`openapi.yaml`) instead of keeping a copy of it:
/// the paths and the methods of each (`APIPathTable`: `405` with `Allow` for a known path), each
/// operation's query parameters (`APIErrorMapper` names the one a request got wrong or left out;
/// only a list may be repeated), which operations need a body and of what type, and which anyone
/// may call (`security: []`). Read once at start-up, with Yams (the generator reads the same
/// document).
struct APIContract: Sendable {
    struct QueryParameter: Sendable, Equatable {
        enum Kind: Sendable, Equatable {
            case string, integer, boolean
            /// One of the schema's `enum` values.
            case oneOf([String])
            /// An array, given once per value (`style: form, explode: true`).
            case list
        }

        var kind: Kind
        var required: Bool
    }

    /// The document itself, as served at `/api/v1/openapi.yaml`.
    let document: String
    let paths: APIPathTable
    /// By operation id, then parameter name; operations without query parameters are absent.
    let queryParameters: [String: [String: QueryParameter]]
    /// The operations marked `security: []`.
    let publicOperations: Set<String>
    /// The content type of each operation's required request body (JSON, or a multipart upload).
    let bodyTypes: [String: String]

    private static let methods = ["get", "put", "post", "delete", "patch", "head", "options", "trace"]

    /// The shipped document's, read once per process (~0.2 s in a debug build; every test app
    /// would pay it again).
    static let shipped = Result { try APIContract(document: OpenAPIDocument.load(), prefix: "/api/v1") }

    /// Reads the document; `prefix` is where its paths are served (`/api/v1`).
    init(document: String, prefix: String) throws {
        guard let root = try Yams.compose(yaml: document), let paths = root["paths"]?.mapping else {
            throw ContractError.unreadable("no paths")
        }
        let components = root["components"]
        func resolved(_ node: Node?, in section: String) -> Node? {
            guard let reference = node?["$ref"]?.string else { return node }
            let name = reference.split(separator: "/").last.map(String.init) ?? ""
            return components?[section]?[name]
        }
        var entries: [APIPathTable.Entry] = []
        var queries: [String: [String: QueryParameter]] = [:]
        var publicOperations: Set<String> = []
        var bodyTypes: [String: String] = [:]
        for (pathNode, item) in paths {
            guard let path = pathNode.string else { continue }
            var operations: [APIPathTable.Operation] = []
            let shared = item["parameters"]?.sequence.map(Array.init) ?? []
            for (methodNode, operation) in item.mapping ?? [:] {
                guard let method = methodNode.string, Self.methods.contains(method),
                    let operationID = operation["operationId"]?.string
                else { continue }
                operations.append(APIPathTable.Operation(method: method.uppercased(), id: operationID))
                if let body = operation["requestBody"], body["required"]?.bool == true {
                    bodyTypes[operationID] = body["content"]?.mapping?.keys.first?.string
                }
                if let security = operation["security"]?.sequence, security.isEmpty {
                    publicOperations.insert(operationID)
                }
                let listed = shared + (operation["parameters"]?.sequence.map(Array.init) ?? [])
                for case let parameter? in listed.map({ resolved($0, in: "parameters") })
                where parameter["in"]?.string == "query" {
                    guard let name = parameter["name"]?.string else { continue }
                    let schema = resolved(parameter["schema"], in: "schemas")
                    queries[operationID, default: [:]][name] = QueryParameter(
                        kind: Self.kind(of: schema), required: parameter["required"]?.bool ?? false)
                }
            }
            entries.append(APIPathTable.Entry(segments: path.split(separator: "/"), operations: operations))
        }
        self.document = document
        self.paths = APIPathTable(prefix: prefix, entries: entries)
        self.queryParameters = queries
        self.publicOperations = publicOperations
        self.bodyTypes = bodyTypes
    }

    private static func kind(of schema: Node?) -> QueryParameter.Kind {
        if let values = schema?["enum"]?.sequence { return .oneOf(values.compactMap(\.string)) }
        switch schema?["type"]?.string {
        case "integer": return .integer
        case "boolean": return .boolean
        case "array": return .list
        default: return .string
        }
    }

    enum ContractError: Error {
        case unreadable(String)
    }
}
