import Crypto
import Foundation

/// Time-based one-time passwords (RFC 6238 over RFC 4226): what every authenticator app makes
/// from a shared secret. HMAC-SHA-1, 30-second steps, 6 digits: the parameters every app
/// supports, which the `otpauth://` address states anyway.
public enum TOTP {
    public static let period: TimeInterval = 30
    public static let digits = 6

    /// A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), in base32.
    public static func newSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        return Base32.encode((0..<20).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// The step an instant falls in.
    public static func step(at time: Date) -> Int64 {
        Int64((time.timeIntervalSince1970 / period).rounded(.down))
    }

    /// The code for a step, as the app shows it (leading zeros kept).
    public static func code(secret: [UInt8], step: Int64, digits: Int = digits) -> String {
        var counter = UInt64(bitPattern: step).bigEndian
        let message = withUnsafeBytes(of: &counter) { Data($0) }
        let mac = Array(HMAC<Insecure.SHA1>.authenticationCode(for: message, using: SymmetricKey(data: secret)))
        let offset = Int(mac[mac.count - 1] & 0x0F)
        let binary =
            (UInt32(mac[offset]) & 0x7F) << 24 | UInt32(mac[offset + 1]) << 16 | UInt32(mac[offset + 2]) << 8
            | UInt32(mac[offset + 3])
        var modulus: UInt32 = 1
        for _ in 0..<digits { modulus *= 10 }
        let number = String(binary % modulus)
        return String(repeating: "0", count: digits - number.count) + number
    }

    /// The step whose code this is, allowing one step either side for a clock that is a little
    /// off (RFC 6238 §5.2); nil when it matches none.
    public static func matchingStep(_ code: String, secret: String, at time: Date) -> Int64? {
        guard code.count == digits, code.allSatisfy(\.isASCII), code.allSatisfy(\.isNumber),
            let key = Base32.decode(secret)
        else { return nil }
        let now = step(at: time)
        return [now, now - 1, now + 1].first { self.code(secret: key, step: $0) == code }
    }

    /// What an authenticator app scans: `otpauth://totp/Daybook:anna?secret=…&issuer=Daybook…`.
    public static func address(secret: String, account: String, issuer: String = "Daybook") -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~@")
        let label = (issuer + ":" + account).addingPercentEncoding(withAllowedCharacters: allowed) ?? issuer
        let name = issuer.addingPercentEncoding(withAllowedCharacters: allowed) ?? "Daybook"
        return "otpauth://totp/\(label)?secret=\(secret)&issuer=\(name)&algorithm=SHA1&digits=\(digits)&period=30"
    }
}

/// RFC 4648 base32 without padding, the alphabet authenticator apps take secrets in.
public enum Base32 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

    public static func encode(_ bytes: [UInt8]) -> String {
        var result: [UInt8] = []
        var buffer = 0
        var bits = 0
        for byte in bytes {
            buffer = buffer << 8 | Int(byte)
            bits += 8
            while bits >= 5 {
                result.append(alphabet[(buffer >> (bits - 5)) & 31])
                bits -= 5
            }
        }
        if bits > 0 { result.append(alphabet[(buffer << (5 - bits)) & 31]) }
        return String(decoding: result, as: UTF8.self)
    }

    /// Case and spaces ignored (apps show secrets in groups); nil for any other character.
    public static func decode(_ text: String) -> [UInt8]? {
        var result: [UInt8] = []
        var buffer = 0
        var bits = 0
        for character in text.uppercased().utf8 where character != UInt8(ascii: " ") && character != UInt8(ascii: "=") {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            buffer = (buffer << 5 | value) & 0xFFFF
            bits += 5
            if bits >= 8 {
                result.append(UInt8((buffer >> (bits - 8)) & 0xFF))
                bits -= 8
            }
        }
        return result
    }
}
