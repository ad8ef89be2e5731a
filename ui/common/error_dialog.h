// Shows an engine error in full: the message, the OpenCL call and error name, and for build
// failures the compiler's log in a scrollable, copyable, monospaced box. Never modal-blocking.
#pragma once

#include <QDialog>

#include "common/job_error.h"

class QLabel;
class QPlainTextEdit;

namespace reducelab::ui {

class ErrorDialog : public QDialog {
    Q_OBJECT
  public:
    explicit ErrorDialog(QWidget* parent = nullptr);
    void setError(const JobError& error);
    QString buildLogText() const;

  private:
    QLabel* message_ = nullptr;
    QPlainTextEdit* log_ = nullptr;
};

}  // namespace reducelab::ui
