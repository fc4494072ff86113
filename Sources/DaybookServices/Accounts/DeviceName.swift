/// A short, human name for a device from its User-Agent ("Firefox on Android"), for the list of
/// sessions on the profile page.
public enum DeviceName {
    public static func from(userAgent: String?) -> String {
        guard let agent = userAgent, !agent.isEmpty else { return "Unknown device" }
        let browser: String? =
            if agent.contains("Edg/") { "Edge" }
            else if agent.contains("Firefox/") { "Firefox" }
            else if agent.contains("Chrome/") || agent.contains("Chromium/") { "Chrome" }
            else if agent.contains("Safari/") { "Safari" }
            else { nil }
        let system: String? =
            if agent.contains("iPhone") { "iPhone" }
            else if agent.contains("iPad") { "iPad" }
            else if agent.contains("Android") { "Android" }
            else if agent.contains("Mac OS X") || agent.contains("Macintosh") { "macOS" }
            else if agent.contains("Windows") { "Windows" }
            else if agent.contains("Linux") { "Linux" }
            else { nil }
        switch (browser, system) {
        case let (browser?, system?): return "\(browser) on \(system)"
        case let (browser?, nil): return browser
        case let (nil, system?): return system
        case (nil, nil): return String(agent.prefix(60))
        }
    }
}
