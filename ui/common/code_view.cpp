// The code view's gutter, marks and highlighting.
#include "common/code_view.h"

#include <QFontDatabase>
#include <QPainter>
#include <QScrollBar>
#include <QTextBlock>

#include "common/opencl_highlighter.h"

namespace reducelab::ui {
namespace {

class Gutter : public QWidget {
  public:
    explicit Gutter(CodeView* view) : QWidget(view), view_(view) {}
    QSize sizeHint() const override { return {view_->gutterWidth(), 0}; }

  protected:
    void paintEvent(QPaintEvent* event) override { view_->paintGutter(event); }

  private:
    CodeView* view_;
};

}  // namespace

CodeView::CodeView(QWidget* parent) : QPlainTextEdit(parent) {
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setTabStopDistance(fontMetrics().horizontalAdvance(QLatin1Char(' ')) * 4);
    gutter_ = new Gutter(this);
    highlighter_ = new OpenClHighlighter(document());
    connect(this, &QPlainTextEdit::blockCountChanged, this,
            [this] { setViewportMargins(gutterWidth(), 0, 0, 0); });
    connect(this, &QPlainTextEdit::updateRequest, this, [this](const QRect& rect, int dy) {
        if (dy)
            gutter_->scroll(0, dy);
        else
            gutter_->update(0, rect.y(), gutter_->width(), rect.height());
    });
    connect(this, &QPlainTextEdit::cursorPositionChanged, this, &CodeView::updateSelections);
    setViewportMargins(gutterWidth(), 0, 0, 0);
}

int CodeView::gutterWidth() const {
    int widest = int(QString::number(std::max(1, blockCount())).size());
    for (const QString& label : gutterLabels_) widest = std::max(widest, int(label.size()));
    return 10 + fontMetrics().horizontalAdvance(QLatin1Char('9')) * widest;
}

void CodeView::resizeEvent(QResizeEvent* event) {
    QPlainTextEdit::resizeEvent(event);
    const QRect r = contentsRect();
    gutter_->setGeometry(QRect(r.left(), r.top(), gutterWidth(), r.height()));
}

void CodeView::paintGutter(QPaintEvent* event) {
    QPainter painter(gutter_);
    painter.fillRect(event->rect(), palette().color(QPalette::AlternateBase));
    painter.setFont(font());
    QTextBlock block = firstVisibleBlock();
    int number = block.blockNumber();
    int top = qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
    int bottom = top + qRound(blockBoundingRect(block).height());
    while (block.isValid() && top <= event->rect().bottom()) {
        if (block.isVisible() && bottom >= event->rect().top()) {
            const QString label =
                number < gutterLabels_.size() ? gutterLabels_[number] : QString::number(number + 1);
            painter.setPen(number + 1 == currentLine()
                               ? palette().color(QPalette::Text)
                               : palette().color(QPalette::PlaceholderText));
            painter.drawText(0, top, gutter_->width() - 5, fontMetrics().height(), Qt::AlignRight,
                             label);
        }
        block = block.next();
        top = bottom;
        bottom = top + qRound(blockBoundingRect(block).height());
        ++number;
    }
}

void CodeView::setLineMarks(const QMap<int, QColor>& marks) {
    marks_ = marks;
    updateSelections();
}

void CodeView::setGutterLabels(const QStringList& labels) {
    gutterLabels_ = labels;
    setViewportMargins(gutterWidth(), 0, 0, 0);
    gutter_->update();
}

int CodeView::currentLine() const {
    return textCursor().blockNumber() + 1;
}

void CodeView::goToLine(int line) {
    const QTextBlock block = document()->findBlockByNumber(std::max(0, line - 1));
    if (!block.isValid()) return;
    QTextCursor cursor(block);
    setTextCursor(cursor);
    centerCursor();
    flashLine_ = line;
    updateSelections();
    setFocus();
}

void CodeView::showLine(int line, int context) {
    const QTextBlock block = document()->findBlockByNumber(std::max(0, line - 1));
    if (!block.isValid()) return;
    setTextCursor(QTextCursor(block));
    // Without line wrap the scroll bar counts blocks.
    verticalScrollBar()->setValue(std::max(0, line - 1 - context));
}

int CodeView::firstVisibleLine() const {
    return firstVisibleBlock().blockNumber() + 1;
}

void CodeView::updateSelections() {
    QList<QTextEdit::ExtraSelection> selections;
    for (auto it = marks_.cbegin(); it != marks_.cend(); ++it) {
        QTextEdit::ExtraSelection s;
        s.format.setBackground(it.value());
        s.format.setProperty(QTextFormat::FullWidthSelection, true);
        s.cursor = QTextCursor(document()->findBlockByNumber(it.key() - 1));
        selections << s;
    }
    if (flashLine_ > 0 && flashLine_ == currentLine()) {
        QTextEdit::ExtraSelection s;
        s.format.setBackground(QColor(0xff, 0xe0, 0x8a));
        s.format.setProperty(QTextFormat::FullWidthSelection, true);
        s.cursor = textCursor();
        s.cursor.clearSelection();
        selections << s;
    } else {
        flashLine_ = 0;
    }
    setExtraSelections(selections);
    gutter_->update();
}

}  // namespace reducelab::ui
