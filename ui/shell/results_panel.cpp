// The results table and its export and clear buttons.
#include "shell/results_panel.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

#include "common/flow_layout.h"
#include "shell/results_model.h"

namespace reducelab::ui {

ResultsPanel::ResultsPanel(ResultsModel* model, QWidget* parent) : QWidget(parent), model_(model) {
    setObjectName(QStringLiteral("resultsArea"));
    auto* resultsLayout = new QVBoxLayout(this);
    resultsLayout->setContentsMargins(0, 0, 0, 0);
    // The title and buttons wrap when the area is narrow rather than widening the window.
    auto* resultsBar = new FlowLayout;
    auto* resultsTitle = new QLabel;
    auto* exportCsv = new QPushButton;
    auto* exportJson = new QPushButton;
    auto* clear = new QPushButton;
    texts_.add([=] {
        resultsTitle->setText(tr("<b>Results</b>"));
        resultsTitle->setToolTip(
            tr("Every measurement of this session: runs, sweeps, tuning and opened files"));
        exportCsv->setText(tr("CSV…"));
        exportCsv->setToolTip(tr("Export the table as CSV"));
        exportJson->setText(tr("JSON…"));
        exportJson->setToolTip(tr("Export the table as a results JSON (opens again in ReduceLab)"));
        clear->setText(tr("Clear"));
    });
    resultsBar->addWidget(resultsTitle);
    resultsBar->addWidget(exportCsv);
    resultsBar->addWidget(exportJson);
    resultsBar->addWidget(clear);
    auto* table = new QTableView;
    table->setObjectName(QStringLiteral("resultsTable"));
    auto* proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(model);
    proxy->setSortRole(Qt::UserRole);
    table->setModel(proxy);
    table->setSortingEnabled(true);
    table->sortByColumn(-1, Qt::AscendingOrder);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 6);
    resultsLayout->addLayout(resultsBar);
    resultsLayout->addWidget(table, 1);
    connect(exportCsv, &QPushButton::clicked, this,
            [this] { emit exportRequested(QStringLiteral("csv")); });
    connect(exportJson, &QPushButton::clicked, this,
            [this] { emit exportRequested(QStringLiteral("json")); });
    connect(clear, &QPushButton::clicked, model, &ResultsModel::clear);
}

void ResultsPanel::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    QWidget::changeEvent(event);
}

void ResultsPanel::retranslateUi() {
    texts_.apply();
    model_->retranslate();
}

}  // namespace reducelab::ui
