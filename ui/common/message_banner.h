// A strip across the top of the window for errors and notices: readable from the back of the
// room, never modal, with a Details button when there is a build log to show.
#pragma once

#include <QFrame>

#include "common/job_error.h"

class QLabel;
class QPushButton;
class QToolButton;

namespace reducelab::ui {

class MessageBanner : public QFrame {
    Q_OBJECT
  public:
    enum class Level { Info, Warning, Error };

    explicit MessageBanner(QWidget* parent = nullptr);

    void showError(const JobError& error);
    void showMessage(Level level, const QString& text);
    void clear();
    QString text() const;
    Level level() const { return level_; }
    // What the message is about ("" unless set after showing it): the window clears a message
    // when its cause is gone, and leaves any later message alone.
    void setCause(const QString& cause) { cause_ = cause; }
    QString cause() const { return cause_; }

  signals:
    void detailsRequested(const reducelab::ui::JobError& error);

  protected:
    void changeEvent(QEvent* event) override;

  private:
    void applyLevel();
    void retranslateUi();

    QLabel* icon_ = nullptr;
    QLabel* text_ = nullptr;
    QPushButton* details_ = nullptr;
    JobError error_;
    Level level_ = Level::Info;
    QString cause_;
    QToolButton* close_ = nullptr;
};

}  // namespace reducelab::ui
