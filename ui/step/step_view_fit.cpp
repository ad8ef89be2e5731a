// How the step view fits its room: the panels side by side or stacked from the size they really
// get, the lens of each panel from 64 work-items on, and the notice that the traces shown were
// made with other settings.
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QResizeEvent>
#include <QSettings>
#include <QSplitter>
#include <algorithm>

#include "step/step_canvas.h"
#include "step/step_cell_text.h"
#include "step/step_lens.h"
#include "step/step_view.h"

namespace reducelab::ui {
namespace {

// From this many work-items on, a panel shows the overview (colours) and the lens (numbers).
constexpr std::size_t kLensFrom = 64;

}  // namespace

void StepView::connectLenses() {
    for (int panel = 0; panel < 2; ++panel) {
        StepLens* lens = lenses_[panel];
        connect(lens, &StepLens::windowChanged, this, [this] { updateLenses(); });
        // The user moves one lens: the other shows the same cells, as the panels share zoom.
        connect(lens, &StepLens::movedByUser, this, [this, panel](std::uint32_t first) {
            if (syncingLenses_) return;
            syncingLenses_ = true;
            lenses_[1 - panel]->moveTo(first);
            syncingLenses_ = false;
        });
        connect(lens, &StepLens::followToggled, this,
                [this, panel](bool on) { lenses_[1 - panel]->setFollowing(on); });
        connect(canvases_[panel], &StepCanvas::lensMoveRequested, this,
                [this](std::uint32_t index) {
                    syncingLenses_ = true;
                    for (StepLens* l : lenses_) l->centerOn(index);
                    syncingLenses_ = false;
                });
    }
}

void StepView::updateLenses() {
    for (int panel = 0; panel < 2; ++panel) {
        // Also below 64 when the cells are too narrow for their numbers (a narrow window).
        const bool shown = traces_[panel] && (traces_[panel]->local_size >= kLensFrom ||
                                              !canvases_[panel]->valuesFitWidth());
        StepLens* lens = lenses_[panel];
        if (lens->isVisibleTo(this) != shown) lens->setVisible(shown);
        canvases_[panel]->setLensWindow(shown ? lens->firstCell() : 0,
                                        shown ? lens->cellCount() : 0);
    }
}

void StepView::setVariantChanged(bool changed) {
    variantChanged_ = changed;
    updateStale();
}

void StepView::setSelectedVariants(const std::string& a, const std::string& b) {
    const std::string* selected[2] = {&a, &b};
    bool differs = false;
    for (int panel = 0; panel < 2; ++panel)
        if (traces_[panel] && traces_[panel]->variant != *selected[panel]) differs = true;
    setVariantChanged(differs);
}

QString StepView::staleReason() const {
    const StepTrace* shown = traces_[0] ? traces_[0].get() : traces_[1].get();
    if (!shown) return {};
    const auto localSize = static_cast<std::size_t>(localSize_->currentData().toInt());
    if (shown->local_size != localSize)
        return tr("Traced at local size %1; the view is set to %2 — press Trace again to see %2.")
            .arg(shown->local_size)
            .arg(localSize);
    const auto warp = static_cast<unsigned>(warpWidth_->currentData().toInt());
    if (shown->warp_width != warp)
        return tr("Traced with warps of %1; the view is set to %2 — press Trace again.")
            .arg(shown->warp_width)
            .arg(warp);
    if (static_cast<int>(shown->request.fill) != fill_->currentData().toInt())
        return tr("Traced with another input — press Trace again to see this one.");
    if (variantChanged_)
        return tr("The variants changed since this trace — press Trace again to see them.");
    return {};
}

void StepView::matchSettings(const StepTrace& trace) {
    auto pick = [](QComboBox* box, int value) {
        const int i = box->findData(value);
        if (i >= 0) box->setCurrentIndex(i);
    };
    pick(localSize_, static_cast<int>(trace.local_size));
    pick(warpWidth_, static_cast<int>(trace.warp_width));
    pick(fill_, static_cast<int>(trace.request.fill));
}

void StepView::updateStale() {
    const QString reason = staleReason();
    staleText_->setText(reason);
    stale_->setVisible(!reason.isEmpty());
}

bool StepView::eventFilter(QObject* watched, QEvent* event) {
    // A canvas that gets narrower may need the lens for its numbers, or no longer.
    if (event->type() == QEvent::Resize && (watched == canvases_[0] || watched == canvases_[1]))
        updateLenses();
    return QWidget::eventFilter(watched, event);
}

void StepView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    updateLayoutDirection();
}

void StepView::updateLayoutDirection() {
    Qt::Orientation o = Qt::Horizontal;
    if (layout_->currentIndex() == 2) o = Qt::Vertical;
    if (layout_->currentIndex() == 0) {
        // Stacked panels get twice the width per cell but half the height: worth it only for
        // many cells, and only when each panel then still has rows tall enough to read.
        std::size_t size = 0;
        int rows = 1;
        for (int panel = 0; panel < 2; ++panel)
            if (traces_[panel]) {
                size = std::max(size, traces_[panel]->local_size);
                rows = std::max(rows, canvases_[panel]->roundCount() + 1);
            }
        const QWidget* box = canvases_[0]->parentWidget();
        const int chrome = box->height() - canvases_[0]->height();
        const int stackedCanvas = (splitter_->height() - splitter_->handleWidth()) / 2 - chrome;
        const qreal legible = cells::legiblePixelSize(theme_, canvases_[0]->font());
        const qreal needed = std::max(200.0, rows * 2.6 * legible + 30);
        o = size > 32 && stackedCanvas >= needed ? Qt::Vertical : Qt::Horizontal;
    }
    if (splitter_->orientation() != o) splitter_->setOrientation(o);
}

void StepView::saveSettings(QSettings& s) const {
    s.beginGroup(QStringLiteral("step"));
    s.setValue(QStringLiteral("localSize"), localSize_->currentText());
    s.setValue(QStringLiteral("fill"), fill_->currentIndex());
    s.setValue(QStringLiteral("warpWidth"), warpWidth_->currentText());
    s.setValue(QStringLiteral("layout"), layout_->currentIndex());
    s.setValue(QStringLiteral("speed"), speed_->currentIndex());
    s.setValue(QStringLiteral("fold"), fold_->isChecked());
    s.setValue(QStringLiteral("splitter"), splitter_->saveState());
    s.endGroup();
}

void StepView::restoreSettings(QSettings& s) {
    s.beginGroup(QStringLiteral("step"));
    auto text = [&s](QComboBox* box, const QString& key) {
        const int i = box->findText(s.value(key).toString());
        if (i >= 0) box->setCurrentIndex(i);
    };
    auto index = [&s](QComboBox* box, const QString& key) {
        const int i = s.value(key, box->currentIndex()).toInt();
        if (i >= 0 && i < box->count()) box->setCurrentIndex(i);
    };
    text(localSize_, QStringLiteral("localSize"));
    index(fill_, QStringLiteral("fill"));
    text(warpWidth_, QStringLiteral("warpWidth"));
    index(layout_, QStringLiteral("layout"));
    index(speed_, QStringLiteral("speed"));
    fold_->setChecked(s.value(QStringLiteral("fold"), true).toBool());
    splitter_->restoreState(s.value(QStringLiteral("splitter")).toByteArray());
    s.endGroup();
    updateLayoutDirection();
}

}  // namespace reducelab::ui
