// A typed handle on one engine job: the caller that submitted it says what to do with the
// result, the progress, a failure or a cancellation; the engine thread posts each outcome back to
// the GUI thread. No job ids: whoever holds the handle is the one who hears.
//
//   jobs->run(device, request)
//       .onResult(this, [this](const RunResult& r) { ... })
//       .onFailed(this, [this](const JobError& e) { ... });
//
// A handler runs on the GUI thread and only while its context object lives. Exactly one of
// result, failure or cancellation ends a job; drop() cancels it and forgets its handlers (a newer
// job replaces it), cancel() asks it to stop and still reports how it ended.
#pragma once

#include <QPointer>
#include <QString>
#include <functional>
#include <memory>
#include <stop_token>
#include <utility>

#include "common/job_error.h"

namespace reducelab::ui {

// The point type of jobs that report no points.
struct NoPoints {};

namespace detail {

// A callback bound to the object that asked for it.
template <typename... Args>
struct Handler {
    QPointer<QObject> context;
    std::function<void(const Args&...)> call;
    void operator()(const Args&... args) const {
        // A copy: the handler may drop its own job, which forgets `call` while it runs.
        if (const auto run = call; run && context) run(args...);
    }
};

// What the engine thread and the GUI thread share about one job. The engine thread touches only
// `stop`; everything else lives on the GUI thread, where the outcomes are posted.
class JobStateBase {
  public:
    virtual ~JobStateBase() = default;

    std::stop_source stop;
    bool pending = true;
    Handler<QString> progress;
    Handler<JobError> failed;
    Handler<> cancelled;
    std::function<void()> ended;  // the tracker's bookkeeping; runs before the caller hears

    // Cancels the job; nothing but the tracker's bookkeeping hears from it again.
    void drop() {
        stop.request_stop();
        forgetHandlers();
    }
    void end() {
        if (!pending) return;
        pending = false;
        if (ended) ended();
    }
    // Handlers may hold handles on this state: dropping them after the end breaks the cycle.
    virtual void forgetHandlers() {
        progress = {};
        failed = {};
        cancelled = {};
    }
};

template <typename Result, typename Point>
class JobState final : public JobStateBase {
  public:
    Handler<Result> result;
    Handler<Point> point;

    void forgetHandlers() override {
        JobStateBase::forgetHandlers();
        result = {};
        point = {};
    }
};

}  // namespace detail

template <typename Result, typename Point = NoPoints>
class Job {
  public:
    using State = detail::JobState<Result, Point>;

    Job() = default;
    explicit Job(std::shared_ptr<State> state) : state_(std::move(state)) {}

    Job& onResult(QObject* context, std::function<void(const Result&)> handler) {
        if (state_) state_->result = {context, std::move(handler)};
        return *this;
    }
    // Each point of a job that reports points (a sweep), as soon as it is measured.
    Job& onPoint(QObject* context, std::function<void(const Point&)> handler) {
        if (state_) state_->point = {context, std::move(handler)};
        return *this;
    }
    // The engine's stage names ("building", "timing", ...).
    Job& onProgress(QObject* context, std::function<void(const QString&)> handler) {
        if (state_) state_->progress = {context, std::move(handler)};
        return *this;
    }
    Job& onFailed(QObject* context, std::function<void(const JobError&)> handler) {
        if (state_) state_->failed = {context, std::move(handler)};
        return *this;
    }
    Job& onCancelled(QObject* context, std::function<void()> handler) {
        if (state_) state_->cancelled = {context, std::move(handler)};
        return *this;
    }

    // Asks a queued or running job to stop; it then reports cancelled (or finishes, when it was
    // past its last check).
    void cancel() const {
        if (state_) state_->stop.request_stop();
    }
    // Cancels the job and forgets it: its outcome is no longer wanted.
    void drop() {
        if (state_) state_->drop();
        state_.reset();
    }
    // True from submit until the outcome reaches the GUI thread.
    bool isPending() const { return state_ && state_->pending; }

  private:
    std::shared_ptr<State> state_;
};

}  // namespace reducelab::ui
