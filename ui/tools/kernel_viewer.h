// The kernel viewer: every catalog variant's OpenCL source (and common.cl, which is prepended to
// each), highlighted, with the build options the engine uses for the control panel's operation,
// type and accumulator, and those of the last launch when there was one.
#pragma once

#include <QDialog>
#include <QMap>

#include "reducelab/accumulator.h"
#include "reducelab/types.h"

class QLabel;
class QListWidget;

namespace reducelab::ui {

class CodeView;

class KernelViewer : public QDialog {
    Q_OBJECT
  public:
    explicit KernelViewer(QWidget* parent = nullptr);

    void setProblem(Operation op, ElementType type, AccumulatorMode accumulator);
    // What a run actually launched with (RunResult::launched.build_options).
    void setLaunchedOptions(const QString& variant, const QString& options);
    // Shows a variant ("contiguous") or a file ("common.cl").
    void showEntry(const QString& name);

    QString currentEntry() const;
    CodeView* codeView() const { return code_; }
    QString buildOptionsText() const;
    // The options the engine builds the variant with for the current problem.
    QString buildOptionsFor(const QString& variant) const;

  protected:
    void changeEvent(QEvent* event) override;

  private:
    // The summary and build options of the entry shown, in the current language.
    void showDescription();
    void refresh();

    QListWidget* list_ = nullptr;
    CodeView* code_ = nullptr;
    QLabel* summary_ = nullptr;
    QLabel* options_ = nullptr;
    Operation op_ = Operation::Sum;
    ElementType type_ = ElementType::Int32;
    AccumulatorMode accumulator_ = AccumulatorMode::Default;
    QMap<QString, QString> launched_;
};

}  // namespace reducelab::ui
