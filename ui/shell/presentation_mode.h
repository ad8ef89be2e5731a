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
    // While on: the largest type (at most 1.45 times the normal size) with which the window's
    // minimum height fits `height` pixels, so that a 720p projector shows the whole window.
    // Returns the scale chosen; set(true) calls it with the screen's height.
    double fitTypeTo(int height);
    double typeScale() const { return typeScale_; }

  private:
    void enter();
    void leave();

    Window w_;
    bool on_ = false;
    QFont normalFont_;
    QPalette normalPalette_;
    bool wasMaximized_ = false;
    double typeScale_ = 1.0;
    std::pair<bool, bool> docksBefore_{true, true};
};

}  // namespace reducelab::ui
