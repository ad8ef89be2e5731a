// The step view's magnifier for 64 and more work-items: a window of cells of one panel, large
// enough to read, with the values before and after the current round, the work-items between
// them and their reads and writes. It follows the active work-items of the round by default; the
// user moves it by dragging, the wheel, Shift+Left/Right, or a click on the overview.
#pragma once

#include <QWidget>
#include <memory>

#include "common/theme.h"
#include "reducelab/step_trace.h"

class QPainter;
class QToolButton;

namespace reducelab::ui {

class StepLens : public QWidget {
    Q_OBJECT
  public:
    explicit StepLens(QWidget* parent = nullptr);

    void setTrace(std::shared_ptr<const StepTrace> trace);
    void setRound(int round, qreal progress);
    void setTheme(const Theme& theme);

    std::uint32_t firstCell() const { return first_; }
    std::uint32_t cellCount() const { return count_; }
    bool isFollowing() const { return following_; }
    void setFollowing(bool follow);
    // Shows the cells from `first` on and stops following (the user moved the lens).
    void moveTo(std::uint32_t first);
    void centerOn(std::uint32_t index);

    // The pixel size of the numbers in the lens, and the text drawn for a cell of the row before
    // the round (`after` false) or after it (empty: not in the window).
    qreal valuePixelSize() const { return px_; }
    QString shownText(bool after, std::uint32_t index) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

  signals:
    void windowChanged(std::uint32_t first, std::uint32_t count);
    void movedByUser(std::uint32_t first);
    void followToggled(bool follow);

  protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void changeEvent(QEvent* event) override;

  private:
    void retranslateUi();
    // The cell count and number size that fit the width.
    void relayout();
    // Places the window over the most cells the round's work-items read, write or run on.
    void follow();
    void setFirst(std::uint32_t first);
    const std::vector<Value>* rowValues(int row) const;
    qreal cellX(std::uint32_t index) const;  // left edge
    qreal cellCenter(std::uint32_t index) const { return cellX(index) + cellWidth_ / 2; }
    qreal labelWidth() const;
    qreal cellHeight() const { return px_ * 1.8; }
    qreal stripHeight() const { return px_ * 1.7; }
    qreal indexHeight() const;

    // Painting, in this order: indices, row labels, the rows before and after the round, then
    // the reads and writes and the work-items between the rows.
    struct PaintLook;  // step_lens.cpp
    PaintLook paintLook() const;
    void drawIndices(QPainter& p, const PaintLook& look) const;
    void drawRowLabels(QPainter& p, const PaintLook& look) const;
    void drawCells(QPainter& p, const PaintLook& look, qreal top, bool after, qreal alpha) const;
    void drawAccesses(QPainter& p, const PaintLook& look) const;
    void drawWorkItems(QPainter& p, const PaintLook& look) const;

    std::shared_ptr<const StepTrace> trace_;
    int round_ = 0;
    qreal progress_ = 1.0;
    Theme theme_;
    std::uint32_t first_ = 0;
    std::uint32_t count_ = 0;
    qreal cellWidth_ = 0;
    qreal px_ = 12;
    bool compact_ = false;
    bool following_ = true;
    int maxExactChars_ = 1;
    int maxCompactChars_ = 1;
    QToolButton* followButton_ = nullptr;
    bool dragging_ = false;
    qreal dragX_ = 0;
    std::uint32_t firstAtDrag_ = 0;
};

}  // namespace reducelab::ui
