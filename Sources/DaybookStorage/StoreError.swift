/// Failures every storage implementation reports the same way, so services never see a
/// driver's own error types.
public enum StoreError: Error, Sendable, Equatable {
    /// A unique value is already taken; `field` names it as the API does (`email`, `username`).
    case conflict(field: String)
    /// The target is not empty where it must be (e.g. `copy-data` into a used database).
    case notEmpty(String)
}
