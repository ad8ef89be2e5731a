// The GUI's typed jobs (ui/common/engine_jobs.h): each outcome reaches the handler of the caller
// that asked, on the GUI thread, and nothing else; a dropped job or a destroyed context hears
// nothing; the window's busy state follows its jobs. Needs no OpenCL device: it reads results
// files.
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include "common/engine_jobs.h"
#include "reducelab/results_file.h"

using namespace reducelab;
using namespace reducelab::ui;

class EngineJobsTest : public QObject {
    Q_OBJECT

    QString writeResults(const QTemporaryDir& dir, const std::string& suite) {
        ResultsFile file;
        file.suite = suite;
        const QString path = dir.filePath(QStringLiteral("results.json"));
        write_results(path.toStdString(), file);
        return path;
    }

  private slots:
    void resultReachesItsCallerOnTheGuiThread() {
        QTemporaryDir dir;
        const QString path = writeResults(dir, "ladder");
        EngineJobs jobs;
        QSignalSpy busy(&jobs, &EngineJobs::busyChanged);
        std::optional<std::string> suite;
        bool failed = false;
        QThread* thread = nullptr;
        Job<ResultsFile> job = jobs.openResults(path)
                                   .onResult(this,
                                             [&](const ResultsFile& file) {
                                                 suite = file.suite;
                                                 thread = QThread::currentThread();
                                             })
                                   .onFailed(this, [&](const JobError&) { failed = true; });
        QVERIFY(job.isPending());
        QVERIFY(jobs.isBusy());
        QTRY_VERIFY(!job.isPending());
        QCOMPARE(suite.value_or(""), std::string("ladder"));
        QVERIFY(!failed);
        QCOMPARE(thread, QThread::currentThread());
        QVERIFY(!jobs.isBusy());
        QCOMPARE(busy.size(), 2);
        QCOMPARE(busy.at(0).at(0).toBool(), true);
        QCOMPARE(busy.at(1).at(0).toBool(), false);
    }

    void failureReachesOnlyTheFailureHandler() {
        QTemporaryDir dir;
        EngineJobs jobs;
        int results = 0;
        QString message;
        Job<ResultsFile> job =
            jobs.openResults(dir.filePath(QStringLiteral("missing.json")))
                .onResult(this, [&](const ResultsFile&) { ++results; })
                .onFailed(this, [&](const JobError& error) { message = error.details(); })
                .onCancelled(this, [&] { ++results; });
        QTRY_VERIFY(!job.isPending());
        QCOMPARE(results, 0);
        QVERIFY2(message.contains(QStringLiteral("missing.json")), qPrintable(message));
    }

    void aDroppedJobOrAGoneContextHearsNothing() {
        QTemporaryDir dir;
        const QString path = writeResults(dir, "sizes");
        EngineJobs jobs;
        QSignalSpy busy(&jobs, &EngineJobs::busyChanged);
        int heard = 0;
        Job<ResultsFile> dropped =
            jobs.openResults(path).onResult(this, [&](const ResultsFile&) { ++heard; });
        dropped.drop();
        QVERIFY(!dropped.isPending());
        auto* context = new QObject;
        Job<ResultsFile> orphan =
            jobs.openResults(path).onResult(context, [&](const ResultsFile&) { ++heard; });
        delete context;
        QTRY_VERIFY(!orphan.isPending());
        QTRY_VERIFY(!jobs.isBusy());  // the dropped job still ends for the bookkeeping
        QCOMPARE(heard, 0);
        QCOMPARE(busy.size(), 2);
    }

    void jobsOfAWindowThatWentAreForgotten() {
        QTemporaryDir dir;
        const QString path = writeResults(dir, "tuning");
        int heard = 0;
        Job<ResultsFile> job;
        {
            EngineJobs jobs;
            job = jobs.openResults(path).onResult(this, [&](const ResultsFile&) { ++heard; });
        }
        // The engine thread still finishes it; nobody is told.
        QTRY_VERIFY(!job.isPending());
        QCOMPARE(heard, 0);
    }
};

QTEST_MAIN(EngineJobsTest)
#include "engine_jobs_test.moc"
