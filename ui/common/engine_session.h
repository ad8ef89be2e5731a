// The application's one engine thread: every window's engine work is queued here, so runs never
// overlap and timings stay honest. Windows do not use it directly: they submit through their own
// EngineJobs (engine_jobs.h), which gives back typed Job handles (engine_job.h).
#pragma once

#include <QObject>
#include <QString>
#include <functional>
#include <map>
#include <memory>
#include <stop_token>
#include <vector>

#include "common/engine_job.h"
#include "common/engine_metatypes.h"

class QThread;

namespace reducelab {
class Engine;
}

namespace reducelab::ui {

// Engines are opened once per device and kept: they hold the device's built programs. Used on
// the engine thread only.
class EngineCache {
  public:
    EngineCache();
    ~EngineCache();
    Engine& engineFor(const DeviceInfo& device);

  private:
    std::map<std::size_t, std::unique_ptr<Engine>> engines_;
};

class EngineSession;

// The engine thread's side of a job: posts progress and points to the GUI thread while the job
// runs (the session posts its end).
template <typename Result, typename Point>
class JobReporter {
  public:
    using State = detail::JobState<Result, Point>;
    JobReporter(EngineSession& session, std::shared_ptr<State> state)
        : session_(session), state_(std::move(state)) {}
    void progress(const QString& stage) const;
    void point(const Point& point) const;

  private:
    EngineSession& session_;
    std::shared_ptr<State> state_;
};

class EngineSession : public QObject {
    Q_OBJECT
  public:
    // Created on first use, owned by the application object, joined when it goes.
    static EngineSession& instance();
    ~EngineSession() override;

    // Queues `work(EngineCache&, std::stop_token, const JobReporter<Result, Point>&) -> Result` on
    // the engine thread. Whatever it throws becomes the job's failure (or its cancellation, for
    // ErrorKind::Cancelled); a job cancelled while queued never starts.
    template <typename Result, typename Point = NoPoints, typename WorkFunction>
    Job<Result, Point> submit(WorkFunction work,
                              std::function<void(detail::JobStateBase&)> track = {});

    // Runs `deliver` on the GUI thread, after everything posted before it.
    void postToGui(std::function<void()> deliver);
    // Cancels every job and joins the engine thread (the application's end).
    void shutdown();

  private:
    // The engine-thread half of a job: returns what to run on the GUI thread when it succeeds.
    using EngineWork = std::function<std::function<void()>(EngineCache&, std::stop_token)>;
    explicit EngineSession(QObject* parent);
    void enqueue(const std::shared_ptr<detail::JobStateBase>& state, EngineWork work);
    void execute(const std::shared_ptr<detail::JobStateBase>& state, const EngineWork& work);

    QThread* thread_ = nullptr;
    QObject* threadContext_ = nullptr;  // lives on thread_; queued calls run there
    std::unique_ptr<EngineCache> engines_;
    std::vector<std::weak_ptr<detail::JobStateBase>> submitted_;  // for the cancel at shutdown
};

template <typename Result, typename Point>
void JobReporter<Result, Point>::progress(const QString& stage) const {
    session_.postToGui([state = state_, stage] {
        if (state->pending) state->progress(stage);
    });
}

template <typename Result, typename Point>
void JobReporter<Result, Point>::point(const Point& point) const {
    session_.postToGui([state = state_, point] {
        if (state->pending) state->point(point);
    });
}

template <typename Result, typename Point, typename WorkFunction>
Job<Result, Point> EngineSession::submit(WorkFunction work,
                                         std::function<void(detail::JobStateBase&)> track) {
    auto state = std::make_shared<detail::JobState<Result, Point>>();
    if (track) track(*state);
    enqueue(state,
            [this, state, work = std::move(work)](EngineCache& engines,
                                                  std::stop_token stop) -> std::function<void()> {
                const JobReporter<Result, Point> reporter(*this, state);
                auto result = std::make_shared<const Result>(work(engines, stop, reporter));
                return [state, result] { state->result(*result); };
            });
    return Job<Result, Point>(state);
}

}  // namespace reducelab::ui
