extension Sequence where Element: Hashable {
    /// The elements without repeats, each kept where it first appeared: a double tap on a person or
    /// an activity must not count twice, but the order the user picked in is kept.
    public func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
