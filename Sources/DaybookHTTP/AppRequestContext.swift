import DaybookServices
import Hummingbird
import NIOCore

/// The context every request carries through middleware to pages and API handlers.
public struct AppRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The peer of the TCP connection: the client, or a proxy in front of it.
    public let remoteAddress: SocketAddress?
    /// The client as far as it can be trusted: see `ClientResolver`.
    public var client = ClientInfo(ipAddress: "unknown", deviceName: "Unknown device")
    /// Whether the client reached us over HTTPS (directly, or as a trusted proxy says).
    public var isSecure = false
    /// Who is logged in, if anyone; set by `AuthenticationMiddleware`.
    public var auth: Authenticated?
    /// The token every state-changing form of this browser must carry; set by `CSRFMiddleware`.
    public var csrfToken = ""

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// Photos of up to 25 MB arrive through this context, with room for the multipart framing.
    public var maxUploadSize: Int { 26 * 1024 * 1024 }
}

/// What the API handlers (which the OpenAPI generator calls without the Hummingbird context) need
/// to know about the request, carried in a task-local value.
public struct RequestScope: Sendable {
    public var auth: Authenticated?
    public var client: ClientInfo
    public var isSecure: Bool
    /// Whether the request carried an `Authorization: Bearer` header, valid or not (a 401 then
    /// says the token was refused rather than missing).
    public var tokenPresented = false

    public init(auth: Authenticated?, client: ClientInfo, isSecure: Bool, tokenPresented: Bool) {
        self.auth = auth
        self.client = client
        self.isSecure = isSecure
        self.tokenPresented = tokenPresented
    }

    @TaskLocal public static var current: RequestScope?
}
