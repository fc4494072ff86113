import Metrics
import Prometheus
import Synchronization

/// Prometheus as the process's metrics backend. swift-metrics may be bootstrapped once per
/// process, so every application built in the same process (tests build many) shares one registry.
enum MetricsBootstrap {
    private static let bootstrapped = Mutex<PrometheusCollectorRegistry?>(nil)

    static func registry() -> PrometheusCollectorRegistry {
        bootstrapped.withLock { existing in
            if let existing { return existing }
            let registry = PrometheusCollectorRegistry()
            MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
            existing = registry
            return registry
        }
    }
}
