import DaybookHTTP
import DaybookStorage
import Hummingbird
import Prometheus

/// `/healthz` for load balancers and `/metrics` for Prometheus.
///
/// The metrics tell request rates per route and error counts: not for everyone on the app's port.
/// They answer only a bearer token set by the operator (`DAYBOOK_METRICS_TOKEN`; Prometheus sends
/// it with `authorization: {credentials: …}`); without one set, `/metrics` does not exist.
struct OperationsRoutes {
    let store: any DaybookStore
    let registry: PrometheusCollectorRegistry
    let metricsToken: String?

    func add(to router: Router<AppRequestContext>) {
        router.get("/healthz") { _, context -> Response in
            do {
                try await store.ping()
                return Self.text("ok\n", status: .ok)
            } catch {
                context.logger.error("health check failed", metadata: ["error": "\(error)"])
                return Self.text("database unavailable\n", status: .serviceUnavailable)
            }
        }
        router.get("/metrics") { request, _ -> Response in
            guard let metricsToken else { return Self.text("Not found\n", status: .notFound) }
            let sent = request.headers[.authorization] ?? ""
            guard sent.hasPrefix("Bearer "), ConstantTime.equal(String(sent.dropFirst(7)), metricsToken) else {
                var refused = Self.text("A bearer token is needed\n", status: .unauthorized)
                refused.headers[.wwwAuthenticate] = #"Bearer realm="metrics""#
                return refused
            }
            var response = Self.text(registry.emitToString(), status: .ok)
            response.headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
            return response
        }
    }

    static func text(_ text: String, status: HTTPResponse.Status) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}

/// A constant answer on the same router and middleware-free path: the ceiling `make bench` compares
/// every operation with. Only present when the bench flag is set.
struct BenchRoutes {
    func add(to router: Router<AppRequestContext>) {
        router.get("/bench/hello") { _, _ in "hello" }
    }
}
