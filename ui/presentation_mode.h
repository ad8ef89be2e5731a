// Presentation mode (F11): large type, black on white, full screen, the docks hidden: what
// survives a washed-out projector at the back of a room. Leaving it restores everything.
#pragma once

#include <QFont>
#include <QObject>
#include <QPalette>
#include <utility>

class QDockWidget;
class QMainWindow;

namespace reducelab::ui {

class PerformanceView;
class StepView;

class PresentationMode : public QObject {
    Q_OBJECT
  public:
    struct Window {
        QMainWindow* window = nullptr;
        StepView* stepView = nullptr;
        PerformanceView* performance = nullptr;
        QDockWidget* controlsDock = nullptr;
        QDockWidget* explanationDock = nullptr;
    };
    PresentationMode(Window window, QObject* parent);

    bool isOn() const { return on_; }
    void set(bool on);

  private:
    void enter();
    void leave();

    Window w_;
    bool on_ = false;
    QFont normalFont_;
    QPalette normalPalette_;
    bool wasMaximized_ = false;
    std::pair<bool, bool> docksBefore_{true, true};
};

}  // namespace reducelab::ui
