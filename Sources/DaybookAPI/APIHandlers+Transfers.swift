import DaybookCore
import DaybookServices
import DaybookStorage
import DaybookTransfer
import Foundation
import OpenAPIRuntime

/// Exports and imports (issue 18): thin over `ExportService` and `ImportService`. An import's
/// file streams from the request to the disk; an export's zip streams from the disk.
extension APIHandlers {
    func startExport(_ input: Operations.startExport.Input) async throws -> Operations.startExport.Output {
        let auth = try authenticated()
        let job = try await services.exports.start(userID: auth.user.id)
        return .accepted(.init(body: .json(.init(job))))
    }

    func getExport(_ input: Operations.getExport.Input) async throws -> Operations.getExport.Output {
        let auth = try authenticated()
        let id = try pathID(input.path.exportId, "exportId")
        return .ok(.init(body: .json(.init(try await services.exports.job(id: id, userID: auth.user.id)))))
    }

    func downloadExport(_ input: Operations.downloadExport.Input) async throws -> Operations.downloadExport.Output {
        let auth = try authenticated()
        let id = try pathID(input.path.exportId, "exportId")
        let (job, url) = try await services.exports.download(id: id, userID: auth.user.id)
        return .ok(
            .init(
                headers: .init(Content_hyphen_Disposition: "attachment; filename=\"\(job.fileName)\""),
                body: .application_zip(try FileChunks.body(url))))
    }

    func startImport(_ input: Operations.startImport.Input) async throws -> Operations.startImport.Output {
        let auth = try authenticated()
        guard case .multipartForm(let parts) = input.body else {
            throw APIProblem.malformed("Send the file as multipart/form-data, in a part named “file”.")
        }
        let upload = try services.imports.receive()
        var kindText: String?
        var fileName = "upload"
        var received = false
        do {
            for try await part in parts {
                switch part {
                case .kind(let wrapper):
                    let data = try await Data(collecting: wrapper.payload.body, upTo: 100)
                    kindText = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                case .file(let wrapper):
                    fileName = wrapper.filename ?? fileName
                    for try await chunk in wrapper.payload.body { try upload.append(chunk) }
                    received = true
                case .undocumented(let raw):
                    let name = String((raw.name ?? "").prefix(100))
                    throw APIProblem.malformed(
                        "“\(name)” is not a part of this request: send “kind” and “file”.",
                        errors: [
                            FieldError(
                                field: name.isEmpty ? "file" : name, code: "unknown_part",
                                message: "Send only “kind” and “file”.")
                        ])
                }
            }
        } catch let error as APIProblem {
            upload.discard()
            throw error
        } catch let error as ImportFileError {
            upload.discard()
            throw error
        } catch {
            // The runtime's own multipart errors (a missing part, a malformed part header, a body
            // that ends early) are the client's: 400, naming what is missing.
            upload.discard()
            throw Self.importMultipartProblem(error)
        }
        var errors: [FieldError] = []
        let kind = kindText.flatMap(ImportKind.init(rawValue:))
        if kind == nil {
            errors.append(
                FieldError(
                    field: "kind", code: kindText == nil ? "required" : "invalid",
                    message: "Say which format the file is: "
                        + ImportKind.allCases.map(\.rawValue).joined(separator: ", ") + "."))
        }
        if !received {
            errors.append(FieldError(field: "file", code: "required", message: "Choose the file to import."))
        }
        guard let kind, errors.isEmpty else {
            upload.discard()
            throw ValidationError(errors)
        }
        let (job, _) = try await services.imports.preview(
            userID: auth.user.id, kind: kind, fileName: fileName, upload: upload)
        return .created(.init(body: .json(.init(job))))
    }

    private static func importMultipartProblem(_ error: any Error) -> APIProblem {
        let description = String(describing: error)
        if description.hasPrefix("Missing required parts") {
            let missing = ["kind", "file"].filter { description.contains($0) }
            return .malformed(
                "Send the parts “kind” and “file”: \(missing.joined(separator: " and ")) is missing.",
                errors: missing.map {
                    FieldError(field: $0, code: "required", message: "Send it in a part named “\($0)”.")
                })
        }
        if description.contains("more than one value of the part") {
            return .malformed(
                "Send one file per import.",
                errors: [FieldError(field: "file", code: "repeated", message: "Send one file per import.")])
        }
        return .malformed("The body is not well-formed multipart/form-data: send the parts “kind” and “file”.")
    }

    func getImport(_ input: Operations.getImport.Input) async throws -> Operations.getImport.Output {
        let auth = try authenticated()
        let id = try pathID(input.path.importId, "importId")
        return .ok(.init(body: .json(.init(try await services.imports.job(id: id, userID: auth.user.id)))))
    }

    func runImport(_ input: Operations.runImport.Input) async throws -> Operations.runImport.Output {
        let auth = try authenticated()
        let id = try pathID(input.path.importId, "importId")
        guard case .json(let body) = input.body else { throw APIProblem.malformed("Send the mood mapping as JSON.") }
        let job = try await services.imports.run(
            id: id, userID: auth.user.id, moodMapping: body.moodMapping.additionalProperties)
        return .accepted(.init(body: .json(.init(job))))
    }
}

/// A file on the disk as a response body, read a chunk at a time.
enum FileChunks {
    static func body(_ url: URL) throws -> HTTPBody {
        let size = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        let handle = try FileHandle(forReadingFrom: url)
        let chunks = AsyncThrowingStream<ArraySlice<UInt8>, any Error> {
            guard let data = try handle.read(upToCount: 256 * 1024), !data.isEmpty else {
                try? handle.close()
                return nil
            }
            return ArraySlice(data)
        }
        return HTTPBody(chunks, length: .known(Int64(size)), iterationBehavior: .single)
    }
}

extension Components.Schemas.ExportJob {
    init(_ job: TransferJob) {
        let summary = job.result.flatMap { try? JSONDecoder().decode(ExportService.Summary.self, from: $0) }
        self.init(
            id: job.id.lowercasedString, status: .init(job.status), progress: job.percent, fileName: job.fileName,
            bytes: job.status == .done ? Int64(job.bytes) : nil,
            downloadUrl: job.status == .done ? "/api/v1/exports/\(job.id.lowercasedString)/download" : nil,
            counts: summary.map {
                .init(days: $0.days, checkins: $0.checkins, journal: $0.journal, photos: $0.photos)
            }, error: job.error, createdAt: job.createdAt)
    }
}

extension Components.Schemas.ImportJob {
    init(_ job: TransferJob) {
        let preview = job.preview.flatMap { try? JSONDecoder().decode(ImportPreview.self, from: $0) }
        let result = job.result.flatMap { try? JSONDecoder().decode(ImportResult.self, from: $0) }
        self.init(
            id: job.id.lowercasedString, kind: .init(rawValue: job.format) ?? .daybook, status: .init(job.status),
            progress: job.percent, fileName: job.fileName, preview: preview.map(Components.Schemas.ImportPreview.init),
            result: result.map {
                var added = Components.Schemas.TransferCounts($0.added)
                added.moments = nil  // what was written: moments become days and check-ins
                return .init(
                    added: added, skipped: $0.skipped, problems: $0.problems.map(Components.Schemas.ImportProblem.init))
            }, error: job.error, createdAt: job.createdAt)
    }
}

extension Components.Schemas.ImportPreview {
    init(_ preview: ImportPreview) {
        self.init(
            found: .init(preview.found), adds: .init(preview.adds), alreadyImported: preview.alreadyImported,
            daysKept: preview.daysKept, outfitDaysKept: preview.outfitDaysKept, firstDate: preview.firstDate, lastDate: preview.lastDate,
            moodNames: preview.moodNames, suggestedMoods: .init(additionalProperties: preview.suggestedMoods),
            notes: preview.notes, problems: preview.problems.map(Components.Schemas.ImportProblem.init),
            problemCount: preview.problemCount)
    }
}

extension Components.Schemas.TransferCounts {
    init(_ counts: ImportPreview.Counts) {
        self.init(
            days: counts.days, checkins: counts.checkins, journal: counts.journal, photos: counts.photos,
            words: counts.words, people: counts.people, moments: counts.moments, closetItems: counts.closetItems,
            outfits: counts.outfits, outfitDays: counts.outfitDays)
    }
}

extension Components.Schemas.ImportProblem {
    init(_ problem: DaybookTransfer.ImportProblem) {
        self.init(line: problem.line, message: problem.message)
    }
}

extension Components.Schemas.TransferStatus {
    init(_ status: TransferJob.Status) {
        self = Self(rawValue: status.rawValue) ?? .failed
    }
}
