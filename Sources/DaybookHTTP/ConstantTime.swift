/// Comparing secrets (CSRF tokens, the metrics token) in a time that does not depend on where
/// they first differ, so that timing does not reveal them a byte at a time.
public enum ConstantTime {
    public static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for i in 0..<x.count { difference |= x[i] ^ y[i] }
        return difference == 0
    }
}
