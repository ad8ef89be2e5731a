// One worker thread, job ids and cancellation for the GUI.
#include "engine_session.h"

#include <QThread>

#include "engine_worker.h"

namespace reducelab::ui {

EngineSession::EngineSession(QObject* parent) : QObject(parent) {
    qRegisterMetaType<JobId>("reducelab::ui::JobId");
    qRegisterMetaType<DeviceList>();
    qRegisterMetaType<RunRequest>();
    qRegisterMetaType<RunResult>();
    qRegisterMetaType<StepTrace>();
    qRegisterMetaType<ResultsFile>();
    qRegisterMetaType<BandwidthCeiling>();
    qRegisterMetaType<JobError>();
    qRegisterMetaType<CustomKernelResult>();

    thread_ = new QThread(this);
    thread_->setObjectName(QStringLiteral("ReduceLab engine"));
    worker_ = new EngineWorker;
    worker_->moveToThread(thread_);

    // Results arrive queued on this (GUI) thread; finished jobs leave the table first so that
    // slots see isBusy() up to date.
    auto done = [this](JobId job) { finish(job); };
    connect(worker_, &EngineWorker::devicesListed, this, [=, this](JobId j, const DeviceList& d) {
        done(j);
        emit devicesListed(j, d);
    });
    connect(worker_, &EngineWorker::runFinished, this, [=, this](JobId j, const RunResult& r) {
        done(j);
        emit runFinished(j, r);
    });
    connect(worker_, &EngineWorker::traceFinished, this, [=, this](JobId j, const StepTrace& t) {
        done(j);
        emit traceFinished(j, t);
    });
    connect(worker_, &EngineWorker::sweepFinished, this, [=, this](JobId j, const ResultsFile& r) {
        done(j);
        emit sweepFinished(j, r);
    });
    connect(worker_, &EngineWorker::ceilingMeasured, this,
            [=, this](JobId j, const BandwidthCeiling& c) {
                done(j);
                emit ceilingMeasured(j, c);
            });
    connect(worker_, &EngineWorker::resultsOpened, this,
            [=, this](JobId j, const ResultsFile& r, const QString& path) {
                done(j);
                emit resultsOpened(j, r, path);
            });
    connect(worker_, &EngineWorker::customKernelFinished, this,
            [=, this](JobId j, const CustomKernelResult& r) {
                done(j);
                emit customKernelFinished(j, r);
            });
    connect(worker_, &EngineWorker::failed, this, [=, this](JobId j, const JobError& e) {
        done(j);
        emit failed(j, e);
    });
    connect(worker_, &EngineWorker::cancelled, this, [=, this](JobId j) {
        done(j);
        emit cancelled(j);
    });
    connect(worker_, &EngineWorker::sweepPointDone, this, &EngineSession::sweepPointDone);
    connect(worker_, &EngineWorker::sweepPointFailed, this, &EngineSession::sweepPointFailed);
    connect(worker_, &EngineWorker::progress, this, &EngineSession::progress);
    thread_->start();
}

EngineSession::~EngineSession() {
    shutdown();
}

void EngineSession::shutdown() {
    if (!thread_) return;
    cancelAll();
    // Queued jobs see their stop token and return at once; a running one stops at its next check.
    thread_->quit();
    thread_->wait();
    delete worker_;
    worker_ = nullptr;
    thread_ = nullptr;  // owned by this; deleted with it
    // No signals from here on: the receivers may be half destroyed when this runs from a
    // window's destructor.
    jobs_.clear();
}

std::stop_token EngineSession::start(JobId job) {
    const bool wasBusy = isBusy();
    const std::stop_token token = jobs_[job].get_token();
    if (!wasBusy) emit busyChanged(true);
    return token;
}

void EngineSession::finish(JobId job) {
    if (jobs_.erase(job) != 0 && jobs_.empty()) emit busyChanged(false);
}

template <typename Call>
JobId EngineSession::enqueue(Call&& call) {
    const JobId job = nextJob_++;
    if (!worker_) return job;  // shut down: the job never runs
    const std::stop_token stop = start(job);
    QMetaObject::invokeMethod(
        worker_, [w = worker_, job, stop, call = std::forward<Call>(call)] { call(w, job, stop); },
        Qt::QueuedConnection);
    return job;
}

JobId EngineSession::listDevices() {
    return enqueue([](EngineWorker* w, JobId job, std::stop_token) { w->listDevices(job); });
}

JobId EngineSession::run(const DeviceInfo& device, const RunRequest& request) {
    return enqueue([device, request](EngineWorker* w, JobId job, std::stop_token stop) {
        w->run(job, device, request, stop);
    });
}

JobId EngineSession::trace(const DeviceInfo& device, const TraceRequest& request,
                           double userKernelTimeoutSeconds) {
    return enqueue([device, request, userKernelTimeoutSeconds](EngineWorker* w, JobId job,
                                                               std::stop_token stop) {
        w->trace(job, device, request, userKernelTimeoutSeconds, stop);
    });
}

JobId EngineSession::sweep(const DeviceInfo& device, const RequestList& requests,
                           const QString& suite) {
    return enqueue([device, requests, suite](EngineWorker* w, JobId job, std::stop_token stop) {
        w->sweep(job, device, requests, suite, stop);
    });
}

JobId EngineSession::measureCeiling(const DeviceInfo& device, std::uint64_t bytes, int repeat) {
    return enqueue([device, bytes, repeat](EngineWorker* w, JobId job, std::stop_token stop) {
        w->measureCeiling(job, device, bytes, repeat, stop);
    });
}

JobId EngineSession::openResults(const QString& path) {
    return enqueue(
        [path](EngineWorker* w, JobId job, std::stop_token) { w->openResults(job, path); });
}

JobId EngineSession::customKernel(const DeviceInfo& device, const CustomKernelRequest& request,
                                  double timeoutSeconds) {
    return enqueue(
        [device, request, timeoutSeconds](EngineWorker* w, JobId job, std::stop_token stop) {
            w->customKernel(job, device, request, timeoutSeconds, stop);
        });
}

void EngineSession::cancel(JobId job) {
    if (auto it = jobs_.find(job); it != jobs_.end()) it->second.request_stop();
}

void EngineSession::cancelAll() {
    for (auto& [job, source] : jobs_) source.request_stop();
}

}  // namespace reducelab::ui
