import DaybookCore
import DaybookHTTP
import DaybookServices
import DaybookStorage
import DaybookTransfer
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Profile → Export and Profile → Import (issue 18). An export is made in the background while
/// its page shows the progress, then downloaded. An import's file is sent by the page's script
/// (its bytes as the body, with a progress bar), read into a preview without writing anything,
/// and run once the user has said what each of the file's mood names means.
struct TransferPages: Sendable {
    let web: Web

    func add(to router: Router<AppRequestContext>) {
        router.get("/profile/export") { request, context in try await exportPage(request, context) }
        router.post("/profile/export") { request, context in try await startExport(request, context) }
        router.get("/profile/export/{id}/download") { request, context in try await download(request, context) }
        router.get("/profile/import") { request, context in try await importPage(request, context) }
        router.post("/profile/import/upload") { request, context in try await upload(request, context) }
        router.get("/profile/import/{id}") { request, context in try await importJob(request, context) }
        router.post("/profile/import/{id}/run") { request, context in try await run(request, context) }
        router.get("/profile/transfers/{id}/status") { request, context in try await status(request, context) }
    }

    // MARK: Export

    struct JobRow {
        let id: String
        let fileName: String
        let started: String
        let running: Bool
        let done: Bool
        let failed: Bool
        let percent: Int
        let size: String?
        let error: String?
        let href: String?

        init(_ job: TransferJob, zone: TimeZone, href: String?) {
            id = job.id.lowercasedString
            fileName = job.fileName
            started = DateText.medium(LocalDate(job.createdAt, in: zone))
            running = job.status == .running
            done = job.status == .done
            failed = job.status == .failed
            percent = job.percent
            size = job.status == .done && job.kind == .export ? ByteCountText.text(job.bytes) : nil
            error = job.error
            self.href = href
        }
    }

    struct ExportModel {
        let jobs: [JobRow]
        let hasJobs: Bool
    }

    func exportPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        let jobs = try await web.services.exports.recent(userID: auth.user.id).map {
            JobRow($0, zone: auth.user.zone, href: "/profile/export/\($0.id.lowercasedString)/download")
        }
        return web.renderer.page(
            "profile_export", ExportModel(jobs: jobs, hasJobs: !jobs.isEmpty), title: "Export your data",
            context: context, tab: .profile)
    }

    func startExport(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        _ = try await web.services.exports.start(userID: auth.user.id)
        return Web.redirect("/profile/export")
    }

    func download(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        guard let id = context.parameters.get("id").flatMap({ UUID(text: $0) }),
            let (job, url) = try? await web.services.exports.download(id: id, userID: auth.user.id)
        else { return web.notFound(context) }
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        let handle = try FileHandle(forReadingFrom: url)
        let body = ResponseBody { writer in
            defer { try? handle.close() }
            while let data = try handle.read(upToCount: 256 * 1024), !data.isEmpty {
                try await writer.write(ByteBuffer(data: data))
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: "application/zip", .contentLength: String(size),
                .contentDisposition: "attachment; filename=\"\(job.fileName)\"", .cacheControl: "no-store",
            ], body: body)
    }

    // MARK: Import

    struct KindOption {
        let value: String
        let title: String
        let checked: Bool
    }

    struct ImportModel {
        let kinds: [KindOption]
        let jobs: [JobRow]
        let hasJobs: Bool
        let maxMB: Int
    }

    func importPage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        let jobs = try await web.services.imports.recent(userID: auth.user.id).map {
            JobRow($0, zone: auth.user.zone, href: "/profile/import/\($0.id.lowercasedString)")
        }
        let kinds = ImportKind.allCases.map {
            KindOption(value: $0.rawValue, title: $0.title, checked: $0 == .daylioCSV)
        }
        return web.renderer.page(
            "profile_import",
            ImportModel(
                kinds: kinds, jobs: jobs, hasJobs: !jobs.isEmpty, maxMB: web.services.imports.limits.fileBytes >> 20),
            title: "Import", context: context, tab: .profile)
    }

    /// `POST /profile/import/upload?kind=…&name=…`: the file's bytes as the body (sent by the page's
    /// script with the CSRF header), written to the disk as they come; answers the preview's address,
    /// or the problem to show beside the file field.
    func upload(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else {
            return PhotoPages.json(["message": "Log in again: your session has ended."], status: .unauthorized)
        }
        let query = request.uri.queryParameters
        guard let kind = query.get("kind").flatMap(ImportKind.init(rawValue:)) else {
            return PhotoPages.json(
                ["field": "kind", "message": "Choose which app the file comes from."], status: .unprocessableContent)
        }
        let name = String((query.get("name") ?? "upload").prefix(200))
        let upload = try web.services.imports.receive()
        do {
            try upload.expect(length: request.headers[.contentLength].flatMap(Int.init))
            for try await buffer in request.body { try upload.append(buffer.readableBytesView) }
            guard upload.bytes > 0 else {
                upload.discard()
                return PhotoPages.json(["field": "file", "message": "Choose a file first."], status: .badRequest)
            }
            let (job, _) = try await web.services.imports.preview(
                userID: auth.user.id, kind: kind, fileName: name, upload: upload)
            return PhotoPages.json(
                ["id": job.id.lowercasedString, "location": "/profile/import/\(job.id.lowercasedString)"],
                status: .created)
        } catch let error as ImportFileError {
            upload.discard()
            return PhotoPages.json(
                ["field": "file", "message": error.message], status: .init(code: error.status))
        } catch let error as LimitReached {
            upload.discard()
            return PhotoPages.json(["field": "file", "message": error.message], status: .tooManyRequests)
        } catch {
            upload.discard()
            throw error
        }
    }

    struct MoodRow {
        let index: Int
        let name: String
        let options: [MoodOption]
        let error: String?
    }

    struct MoodOption {
        let value: Int
        let label: String
        let selected: Bool
    }

    struct CountRow {
        let label: String
        let found: Int
        let adds: Int
    }

    struct ImportJobModel {
        let id: String
        let fileName: String
        let kindTitle: String
        let previewed: Bool
        let running: Bool
        let done: Bool
        let failed: Bool
        let percent: Int
        let error: String?
        let counts: [CountRow]
        let range: String?
        let notes: [String]
        let problems: [String]
        let hasProblems: Bool
        let moreProblems: Int?
        let moods: [MoodRow]
        let hasMoods: Bool
        let result: String
        let summary: String?
    }

    func importJob(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        guard let id = context.parameters.get("id").flatMap({ UUID(text: $0) }),
            let job = try? await web.services.imports.job(id: id, userID: auth.user.id)
        else { return web.notFound(context) }
        return render(job, context: context, chosen: [:], errors: FormErrors())
    }

    func run(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        guard let id = context.parameters.get("id").flatMap({ UUID(text: $0) }),
            let job = try? await web.services.imports.job(id: id, userID: auth.user.id)
        else { return web.notFound(context) }
        let form = try await FormData.from(request)
        let names = Self.preview(job)?.moodNames ?? []
        var mapping: [String: Int] = [:]
        for (index, name) in names.enumerated() {
            if let value = Int(form["mood\(index)"]) { mapping[name] = value }
        }
        do {
            _ = try await web.services.imports.run(id: id, userID: auth.user.id, moodMapping: mapping)
            return Web.redirect("/profile/import/\(id.lowercasedString)")
        } catch let error as ValidationError {
            var errors = FormErrors()
            for field in error.errors {
                if let index = names.firstIndex(where: { "moodMapping.\($0)" == field.field }) {
                    errors["mood\(index)"] = field.message
                }
            }
            return render(job, context: context, chosen: mapping, errors: errors, status: .unprocessableContent)
        } catch TransferError.notReady {
            return Web.redirect("/profile/import/\(id.lowercasedString)")
        }
    }

    func render(
        _ job: TransferJob, context: AppRequestContext, chosen: [String: Int], errors: FormErrors,
        status: HTTPResponse.Status = .ok
    ) -> Response {
        let preview = Self.preview(job)
        let result = job.result.flatMap { try? JSONDecoder().decode(ImportResult.self, from: $0) }
        var counts: [CountRow] = []
        if let preview {
            // Once it has run, what it added; before, what it will add.
            let adds = result?.added ?? preview.adds
            counts = [
                CountRow(label: "Days", found: preview.found.days, adds: adds.days),
                CountRow(label: "Entries with a mood", found: preview.found.moments, adds: 0),
                CountRow(label: "Check-ins", found: preview.found.checkins, adds: adds.checkins),
                CountRow(label: "Journal entries", found: preview.found.journal, adds: adds.journal),
                CountRow(label: "Photos", found: preview.found.photos, adds: adds.photos),
                CountRow(label: "New feelings and activities", found: 0, adds: adds.words),
                CountRow(label: "New people", found: 0, adds: adds.people),
                CountRow(label: "Closet items", found: preview.found.closetItems, adds: adds.closetItems),
                CountRow(label: "Outfits", found: preview.found.outfits, adds: adds.outfits),
                CountRow(label: "Outfit calendar days", found: preview.found.outfitDays, adds: adds.outfitDays),
            ].filter { $0.found > 0 || $0.adds > 0 }
        }
        let moods = (preview?.moodNames ?? []).enumerated().map { index, name in
            let selected = chosen[name] ?? preview?.suggestedMoods[name]
            return MoodRow(
                index: index, name: name,
                options: Mood.allCases.reversed().map {
                    MoodOption(
                        value: $0.rawValue, label: "\($0.emoji) \($0.rawValue) · \($0.name)",
                        selected: $0.rawValue == selected)
                }, error: errors["mood\(index)"])
        }
        var resultLines: [String] = []
        if let result {
            let parts: [(Int, String)] = [
                (result.added.days, "day(s)"), (result.added.checkins, "check-in(s)"),
                (result.added.journal, "journal entr(ies)"), (result.added.photos, "photo(s)"),
                (result.added.closetItems, "closet item(s)"), (result.added.outfits, "outfit(s)"),
                (result.added.outfitDays, "outfit calendar day(s)"),
            ]
            resultLines = parts.filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
            if resultLines.isEmpty { resultLines = ["nothing new"] }
            if result.skipped > 0 { resultLines.append("\(result.skipped) skipped (imported before)") }
        }
        let problems = (result?.problems ?? preview?.problems ?? []).prefix(50).map(\.text)
        let model = ImportJobModel(
            id: job.id.lowercasedString, fileName: job.fileName,
            kindTitle: ImportKind(rawValue: job.format)?.title ?? job.format, previewed: job.status == .previewed,
            running: job.status == .running, done: job.status == .done, failed: job.status == .failed,
            percent: job.percent, error: job.error, counts: counts,
            range: preview.flatMap { preview in
                guard let first = preview.firstDate.flatMap(LocalDate.init),
                    let last = preview.lastDate.flatMap(LocalDate.init)
                else { return nil }
                return "\(DateText.medium(first)) – \(DateText.medium(last))"
            }, notes: preview?.notes ?? [],
            problems: problems, hasProblems: !problems.isEmpty,
            moreProblems: (preview?.problemCount ?? 0) > 50 ? (preview?.problemCount ?? 0) - 50 : nil, moods: moods,
            hasMoods: !moods.isEmpty,
            result: resultLines.joined(separator: ", "),
            summary: errors.isEmpty ? nil : "Say what each mood means before importing.")
        return web.renderer.page(
            "profile_import_job", model, title: "Import", context: context, tab: .profile, status: status)
    }

    static func preview(_ job: TransferJob) -> ImportPreview? {
        job.preview.flatMap { try? JSONDecoder().decode(ImportPreview.self, from: $0) }
    }

    /// `{"status": "running", "progress": 40}` for the page's progress bar.
    func status(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else {
            return PhotoPages.json(["message": "Log in again: your session has ended."], status: .unauthorized)
        }
        guard let id = context.parameters.get("id").flatMap({ UUID(text: $0) }) else {
            return PhotoPages.json(["message": "Not found."], status: .notFound)
        }
        let job: TransferJob
        if let export = try? await web.services.exports.job(id: id, userID: auth.user.id) {
            job = export
        } else if let imported = try? await web.services.imports.job(id: id, userID: auth.user.id) {
            job = imported
        } else {
            return PhotoPages.json(["message": "Not found."], status: .notFound)
        }
        return PhotoPages.json(["status": job.status.rawValue, "progress": String(job.percent)], status: .ok)
    }
}

/// "4.2 MB".
enum ByteCountText {
    static func text(_ bytes: Int) -> String {
        if bytes < 1024 * 1024 { return "\(max(1, bytes / 1024)) KB" }
        return String(format: "%.1f MB", Double(bytes) / 1_048_576)
    }
}
