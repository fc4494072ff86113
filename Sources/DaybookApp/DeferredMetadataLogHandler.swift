import Logging

/// swift-log's standard-output handler, with its metadata written out when a line is logged
/// rather than whenever it changes.
///
/// Hummingbird gives every request's logger a request id, and `StreamLogHandler` turns its whole
/// metadata into text on every change: 4 % of the CPU of `GET /me`, for lines that at the default
/// level are never written. The output is the same; only when the text is made moves.
public struct DeferredMetadataLogHandler: LogHandler {
    private var output: StreamLogHandler
    public var metadata: Logger.Metadata = [:]

    public init(label: String) {
        output = StreamLogHandler.standardOutput(label: label)
    }

    /// Makes every logger of the process use this handler; call once, first thing.
    public static func bootstrap() {
        LoggingSystem.bootstrap(DeferredMetadataLogHandler.init(label:))
    }

    public var logLevel: Logger.Level {
        get { output.logLevel }
        set { output.logLevel = newValue }
    }

    public var metadataProvider: Logger.MetadataProvider? {
        get { output.metadataProvider }
        set { output.metadataProvider = newValue }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var output = output
        output.metadata = metadata
        output.log(event: event)
    }
}
