import DaybookCharts
import DaybookCore
import DaybookHTTP
import DaybookServices
import Foundation
import Hummingbird

/// `/insights` (issue 16): every statistic as a chart with its numbers in a table beside it, a
/// year picker and a range picker (named ranges or from–to); `/insights/charts/{name}.svg|png`
/// are the same charts as files for the signed-in user (the API serves them to bearer tokens).
struct InsightPages: Sendable {
    let web: Web

    func add(to router: Router<AppRequestContext>) {
        router.get("/insights") { request, context in try await insights(request, context) }
        router.get("/insights/charts/{name}.svg") { request, context in try await chart(request, context, png: false) }
        router.get("/insights/charts/{name}.png") { request, context in try await chart(request, context, png: true) }
    }

    struct Model {
        let year: Int
        let years: [Option]
        let ranges: [Option]
        let from: String
        let to: String
        let rangeText: String
        let hiddenRange: [Hidden]
        let errors: [String: String]
        let summary: String?
        let yearSections: [InsightSection]
        let rangeSections: [InsightSection]
        let firstSections: [InsightSection]

        struct Option {
            let value: String
            let label: String
            let selected: Bool
            let href: String
        }

        struct Hidden {
            let name: String
            let value: String
        }
    }

    /// The query as typed: what the forms show back, and what chart links carry.
    struct Query {
        var year = "", range = "", from = "", to = ""

        func string(only names: Set<String>) -> String {
            let pairs = [("year", year), ("range", range), ("from", from), ("to", to)].filter {
                names.contains($0.0) && !$0.1.isEmpty
            }
            return pairs.isEmpty ? "" : "?" + pairs.map { "\($0.0)=\(Web.queryEscape($0.1))" }.joined(separator: "&")
        }
    }

    func insights(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        let form = FormData(urlEncoded: request.uri.query ?? "")
        var query = Query(year: form["year"], range: form["range"], from: form["from"], to: form["to"])
        var errors = FormErrors()
        var askedYear: Int?
        var askedRange = InsightRange.default
        do { askedYear = try InsightRange.parseYear(query.year) } catch { errors = FormErrors(error) }
        do {
            askedRange = try InsightRange.parse(range: query.range, from: query.from, to: query.to)
        } catch {
            for (key, message) in FormErrors(error).messages { errors[key] = message }
        }
        // What was bad is not carried into the chart links: they draw what the page shows.
        if errors["year"] != nil { query.year = "" }
        if errors["range"] != nil || errors["from"] != nil || errors["to"] != nil {
            (query.range, query.from, query.to) = ("", "", "")
        }
        let (user, service, year) = (auth.user, web.services.insights, askedYear)
        // The dates once for every statistic below (`all` reads the first entry's date).
        let range = InsightRange.between(try await service.span(askedRange, user: user))
        async let weekValue = service.week(user: user)
        async let yearValue = service.year(user: user, year: year)
        async let trendValue = service.trend(user: user, range: range)
        async let distributionValue = service.distribution(user: user, range: range)
        async let pixelsValue = service.pixels(user: user, year: year)
        async let streaksValue = service.streaks(user: user)
        async let weekdaysValue = service.weekdays(user: user, range: range)
        async let correlationsValue = service.correlations(user: user, range: range)
        async let patternsValue = service.checkinPatterns(user: user, range: range)
        let (thisYear, years) = try await yearValue
        let trend = try await trendValue
        let patterns = try await patternsValue
        let sections = InsightSections(query: query)
        let yearQuery = query.string(only: ["year"])
        let rangeQuery = query.string(only: ["range", "from", "to"])
        let model = Model(
            year: thisYear.year,
            years: years.map {
                Model.Option(value: String($0), label: String($0), selected: $0 == thisYear.year, href: "")
            },
            ranges: InsightRange.named.map { named in
                var link = query
                (link.range, link.from, link.to) = (named.name, "", "")
                return Model.Option(
                    value: named.name, label: named.label, selected: askedRange == named.range,
                    href: "/insights" + link.string(only: ["year", "range"]) + "#range")
            },
            from: form["from"], to: form["to"],
            rangeText: "\(DateText.medium(trend.span.from)) – \(DateText.medium(trend.span.to))",
            hiddenRange: [("range", query.range), ("from", query.from), ("to", query.to)].filter { !$0.1.isEmpty }
                .map { Model.Hidden(name: $0.0, value: $0.1) },
            errors: errors.dictionary, summary: errors.summary,
            yearSections: [
                sections.year(thisYear, query: yearQuery), sections.pixels(try await pixelsValue, query: yearQuery),
            ],
            rangeSections: [
                sections.trend(trend, query: rangeQuery),
                sections.distribution(try await distributionValue.1, query: rangeQuery),
                sections.weekdays(try await weekdaysValue.1, query: rangeQuery),
                sections.correlations(try await correlationsValue, query: rangeQuery),
                sections.checkinHours(patterns.patterns, names: patterns.names, query: rangeQuery),
                sections.checkinWeekdays(patterns.patterns, names: patterns.names, query: rangeQuery),
            ],
            firstSections: [sections.week(try await weekValue), sections.streaks(try await streaksValue)])
        return web.renderer.page(
            "insights", model, title: "Insights", context: context, tab: .insights,
            status: errors.isEmpty ? .ok : .unprocessableContent)
    }

    func chart(_ request: Request, _ context: AppRequestContext, png: Bool) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        guard let name = context.parameters.get("name").flatMap(InsightChartName.init) else {
            throw HTTPError(.notFound)
        }
        let form = FormData(urlEncoded: request.uri.query ?? "")
        let year: Int?
        let range: InsightRange
        do {
            year = try InsightRange.parseYear(form["year"])
            range = try InsightRange.parse(range: form["range"], from: form["from"], to: form["to"])
        } catch {
            throw HTTPError(.unprocessableContent, message: error.errors.map(\.message).joined(separator: " "))
        }
        let chart = try await web.services.insights.chart(name, user: auth.user, year: year, range: range)
        let disposition = "inline; filename=\"daybook-\(chart.name).\(png ? "png" : "svg")\""
        if png {
            let data = try await web.services.media.processor.png(fromSVG: chart.svg(standalone: true))
            return Response(
                status: .ok,
                headers: [
                    .contentType: "image/png", .contentDisposition: disposition, .cacheControl: "private, no-cache",
                ],
                body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: "image/svg+xml; charset=utf-8", .contentDisposition: disposition,
                .cacheControl: "private, no-cache",
            ],
            body: .init(byteBuffer: ByteBuffer(string: chart.svg(standalone: true))))
    }
}
