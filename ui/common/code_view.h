// A source view and editor for OpenCL C: line numbers in a gutter, syntax highlighting, lines
// marked with a background (a diff's added and removed lines, a compiler error) and jumping to a
// line.
#pragma once

#include <QColor>
#include <QMap>
#include <QPlainTextEdit>

namespace reducelab::ui {

class OpenClHighlighter;

class CodeView : public QPlainTextEdit {
    Q_OBJECT
  public:
    explicit CodeView(QWidget* parent = nullptr);

    // Backgrounds of whole lines, by 1-based block number; replaces the previous marks.
    void setLineMarks(const QMap<int, QColor>& marks);
    const QMap<int, QColor>& lineMarks() const { return marks_; }
    // Labels drawn in the gutter instead of the block number (a diff's old/new numbers, "−").
    void setGutterLabels(const QStringList& labels);
    // Puts the cursor on the 1-based line, scrolls to it and flashes it.
    void goToLine(int line);
    int currentLine() const;
    // Scrolls so that the 1-based line is near the top, `context` lines under it, without taking
    // the focus (a lesson step opening at its first change).
    void showLine(int line, int context = 2);
    // The 1-based line at the top of the view.
    int firstVisibleLine() const;
    OpenClHighlighter* highlighter() const { return highlighter_; }

    int gutterWidth() const;
    void paintGutter(QPaintEvent* event);

  protected:
    void resizeEvent(QResizeEvent* event) override;

  private:
    void updateSelections();

    QWidget* gutter_ = nullptr;
    OpenClHighlighter* highlighter_ = nullptr;
    QMap<int, QColor> marks_;
    QStringList gutterLabels_;
    int flashLine_ = 0;
};

}  // namespace reducelab::ui
