import ArgumentParser
import DaybookApp
import Hummingbird

/// Runs the server until Ctrl-C or SIGTERM, then shuts down cleanly (within `Shutdown`'s limits).
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve Daybook over HTTP.")

    @Option(help: "Address to listen on (env DAYBOOK_HOST; default 127.0.0.1).")
    var host: String?

    @Option(help: "Port to listen on (env DAYBOOK_PORT; default 8080).")
    var port: Int?

    @OptionGroup var store: StoreOptions

    func run() async throws {
        HeapPolicy.configure()
        DeferredMetadataLogHandler.bootstrap()
        var configuration = try store.configuration()
        if let host { configuration.host = host }
        if let port { configuration.port = port }
        EventLoops.configure(configuration)
        let app = try await buildApplication(configuration)
        try await app.runUntilStopped()
    }
}
