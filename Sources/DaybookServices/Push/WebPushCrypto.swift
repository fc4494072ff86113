import Crypto
import DaybookCore
import Foundation

/// The two pieces of cryptography Web Push needs, written on swift-crypto:
/// - RFC 8291: the message body encrypted for one browser (`aes128gcm` content coding), with a
///   key agreed between a fresh key pair of ours and the browser's subscription key, mixed with
///   the subscription's auth secret;
/// - RFC 8292 (VAPID): a JWT signed with the server's P-256 key, which push services check before
///   they accept a message, so only this server can push to its subscriptions.
public enum WebPushCrypto {
    /// Records are not split: a notification is far smaller than this.
    static let recordSize: UInt32 = 4096

    /// The body for one push, per RFC 8291 §4: salt, record size, our public key, then the
    /// encrypted record (the plaintext and its 0x02 delimiter).
    public static func encrypt(
        _ plaintext: Data, subscriberKey: P256.KeyAgreement.PublicKey, authSecret: Data,
        ephemeral: P256.KeyAgreement.PrivateKey = P256.KeyAgreement.PrivateKey(),
        salt: Data = Data((0..<16).map { _ in UInt8.random(in: 0...255) })
    ) throws -> Data {
        let sharedSecret = try ephemeral.sharedSecretFromKeyAgreement(with: subscriberKey)
        let uaPublic = subscriberKey.x963Representation
        let asPublic = ephemeral.publicKey.x963Representation
        // IKM = HKDF(auth secret, ECDH secret, "WebPush: info" 0x00 ua_public as_public)
        let keyInfo = Data("WebPush: info".utf8) + [0] + uaPublic + asPublic
        let ikm = sharedSecret.withUnsafeBytes { secret in
            HKDF<SHA256>.deriveKey(
                inputKeyMaterial: SymmetricKey(data: Data(secret)), salt: authSecret, info: keyInfo, outputByteCount: 32
            )
        }
        let contentKey = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: ikm, salt: salt, info: Data("Content-Encoding: aes128gcm".utf8) + [0], outputByteCount: 16
        )
        let nonce = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: ikm, salt: salt, info: Data("Content-Encoding: nonce".utf8) + [0], outputByteCount: 12)
        let sealed = try AES.GCM.seal(
            plaintext + [2], using: contentKey, nonce: AES.GCM.Nonce(data: nonce.withUnsafeBytes { Data($0) }))
        var body = salt
        withUnsafeBytes(of: recordSize.bigEndian) { body.append(contentsOf: $0) }
        body.append(UInt8(asPublic.count))
        body.append(asPublic)
        body.append(sealed.ciphertext)
        body.append(sealed.tag)
        return body
    }

    /// `Authorization: vapid t=…, k=…` for a push service at `endpoint` (RFC 8292 §3).
    public static func vapidAuthorization(
        endpoint: URL, key: P256.Signing.PrivateKey, subject: String, now: Date = Date()
    ) throws -> String {
        guard let scheme = endpoint.scheme, let host = endpoint.host else { throw WebPushError.badEndpoint }
        let audience = "\(scheme)://\(host)" + (endpoint.port.map { ":\($0)" } ?? "")
        let header = base64URL(Data(#"{"typ":"JWT","alg":"ES256"}"#.utf8))
        let claims: [String: Any] = [
            "aud": audience, "exp": Int(now.timeIntervalSince1970) + 12 * 3600, "sub": subject,
        ]
        let payload = base64URL(try JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys]))
        let signingInput = Data("\(header).\(payload)".utf8)
        let signature = try key.signature(for: signingInput).rawRepresentation
        return "vapid t=\(header).\(payload).\(base64URL(signature)), k=\(base64URL(key.publicKey.x963Representation))"
    }

    public static func base64URL(_ data: Data) -> String {
        data.base64URLString
    }

    /// Base64url with or without padding (browsers give keys unpadded); standard base64 too.
    public static func data(base64URL text: String) -> Data? {
        var normal = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        normal += String(repeating: "=", count: (4 - normal.count % 4) % 4)
        return Data(base64Encoded: normal)
    }
}

public enum WebPushError: Error, Sendable {
    case badEndpoint
}
