import DaybookStorage
import Foundation

/// A running job's progress, saved when its percentage changes (not on every step: an export of
/// 5,000 photos would otherwise write 5,000 times).
actor JobProgress {
    private(set) var job: TransferJob
    let store: any TransferStore
    let now: @Sendable () -> Date

    init(_ job: TransferJob, store: any TransferStore, now: @escaping @Sendable () -> Date) {
        self.job = job
        self.store = store
        self.now = now
    }

    func set(done: Int, total: Int) async {
        let before = job.percent
        job.done = done
        job.total = total
        guard job.percent != before || now().timeIntervalSince(job.updatedAt) > 30 else { return }
        job.updatedAt = now().roundedToMicroseconds
        try? await store.update(job)
    }

    /// Saves the job as it ends.
    func finish(_ change: @Sendable (inout TransferJob) -> Void) async {
        change(&job)
        job.updatedAt = now().roundedToMicroseconds
        try? await store.update(job)
    }
}

extension TransferJob {
    /// A job still `running` that nobody has touched for a quarter of an hour was cut short (the
    /// server stopped): it is reported as failed, so its owner can start again.
    func markedStale(now: Date) -> TransferJob {
        guard status == .running, now.timeIntervalSince(updatedAt) > 900 else { return self }
        var job = self
        job.status = .failed
        job.error = "It was interrupted (the server restarted). Start it again."
        return job
    }
}
