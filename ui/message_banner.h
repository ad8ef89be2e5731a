// A strip across the top of the window for errors and notices: readable from the back of the
// room, never modal, with a Details button when there is a build log to show.
#pragma once

#include <QFrame>

#include "job_error.h"

class QLabel;
class QPushButton;

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

  signals:
    void detailsRequested(const reducelab::ui::JobError& error);

  private:
    void applyLevel();

    QLabel* icon_ = nullptr;
    QLabel* text_ = nullptr;
    QPushButton* details_ = nullptr;
    JobError error_;
    Level level_ = Level::Info;
};

}  // namespace reducelab::ui
