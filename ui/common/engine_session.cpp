// The application's engine thread, and how a job's outcome travels back to the GUI thread.
#include "common/engine_session.h"

#include <QCoreApplication>
#include <QThread>
#include <exception>

#include "reducelab/engine.h"
#include "reducelab/error.h"

namespace reducelab::ui {

EngineCache::EngineCache() = default;
EngineCache::~EngineCache() = default;

Engine& EngineCache::engineFor(const DeviceInfo& device) {
    auto& slot = engines_[device.index];
    if (!slot) slot = std::make_unique<Engine>(device);
    return *slot;
}

EngineSession& EngineSession::instance() {
    static QPointer<EngineSession> session;
    if (!session) session = new EngineSession(QCoreApplication::instance());
    return *session;
}

EngineSession::EngineSession(QObject* parent)
    : QObject(parent), engines_(std::make_unique<EngineCache>()) {
    // Signals of the windows carry these across queued connections and QSignalSpy.
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
    threadContext_ = new QObject;
    threadContext_->moveToThread(thread_);
    thread_->start();
}

EngineSession::~EngineSession() {
    shutdown();
}

void EngineSession::shutdown() {
    if (!thread_) return;
    // Nothing reaches the windows from here on; their trackers hear that the jobs ended.
    for (const auto& weak : submitted_)
        if (const auto state = weak.lock()) {
            state->drop();
            if (state->pending) state->end();
        }
    // Queued jobs see their stop token and return at once; a running one stops at its next check.
    thread_->quit();
    thread_->wait();
    delete threadContext_;
    threadContext_ = nullptr;
    thread_ = nullptr;  // owned by this; deleted with it
    engines_.reset();
}

void EngineSession::postToGui(std::function<void()> deliver) {
    QMetaObject::invokeMethod(this, std::move(deliver), Qt::QueuedConnection);
}

void EngineSession::enqueue(const std::shared_ptr<detail::JobStateBase>& state, EngineWork work) {
    if (!thread_) {  // shut down: the job never runs
        state->drop();
        state->end();
        return;
    }
    std::erase_if(submitted_, [](const auto& weak) { return weak.expired(); });
    submitted_.push_back(state);
    QMetaObject::invokeMethod(
        threadContext_, [this, state, work = std::move(work)] { execute(state, work); },
        Qt::QueuedConnection);
}

void EngineSession::execute(const std::shared_ptr<detail::JobStateBase>& state,
                            const EngineWork& work) {
    const std::stop_token stop = state->stop.get_token();
    auto cancelled = [state] { state->cancelled(); };
    auto failed = [state](const JobError& error) {
        return [state, error] { state->failed(error); };
    };
    std::function<void()> outcome;
    if (stop.stop_requested()) {
        outcome = cancelled;  // cancelled while it waited in the queue: never starts
    } else {
        try {
            outcome = work(*engines_, stop);
        } catch (const Error& error) {
            if (error.kind() == ErrorKind::Cancelled)
                outcome = cancelled;
            else
                outcome = failed(JobError::from(error));
        } catch (const std::exception& error) {
            outcome = failed(JobError::fromException(error));
        } catch (...) {
            outcome = failed(JobError::fromException(std::runtime_error("unknown failure")));
        }
    }
    // The tracker learns first, so that the caller sees its busy state up to date.
    postToGui([state, outcome = std::move(outcome)] {
        state->end();
        outcome();
        state->forgetHandlers();
    });
}

}  // namespace reducelab::ui
