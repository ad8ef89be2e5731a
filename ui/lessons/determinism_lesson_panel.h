// The chapter "Why the bits change" beside the determinism view: the steps, the text of the
// current one, and "Show me", which opens the view with the step's settings and runs it.
#pragma once

#include <QWidget>
#include <vector>

#include "lessons/determinism_lesson.h"

class QLabel;
class QListWidget;
class QPushButton;
class QTextBrowser;

namespace reducelab::ui {

class DeterminismLessonPanel : public QWidget {
    Q_OBJECT
  public:
    explicit DeterminismLessonPanel(QWidget* parent = nullptr);

    const std::vector<DeterminismLessonStep>& steps() const { return steps_; }
    int currentStep() const;
    void setCurrentStep(int index);
    // Re-reads the texts (after a language change).
    void retranslate();

  signals:
    // "Show me" was pressed on step `index`.
    void showStep(int index);

  protected:
    void changeEvent(QEvent* event) override;

  private:
    void showText(int index);

    std::vector<DeterminismLessonStep> steps_;
    QListWidget* list_ = nullptr;
    QTextBrowser* text_ = nullptr;
    QPushButton* show_ = nullptr;
    QPushButton* previous_ = nullptr;
    QPushButton* next_ = nullptr;
};

}  // namespace reducelab::ui
