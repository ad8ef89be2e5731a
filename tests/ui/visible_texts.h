// What a user can read in a window: the text of every visible widget (labels, buttons, group
// titles, tabs, combo items, table headers and cells, menus and their actions, tooltips, rich-text
// views), and the chart titles, for the translation and layout checks.
#pragma once

#include <qcustomplot.h>
#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAction>
#include <QComboBox>
#include <QFontMetrics>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QTabBar>
#include <QTextBrowser>
#include <QTextDocument>
#include <QWidget>

namespace reducelab::ui::test {

struct VisibleText {
    QString where;               // "QLabel resultA", "menu File > Quit", ...
    QString text;                // plain text (rich text rendered to plain)
    bool mnemonicOwner = false;  // a label or button whose '&' takes Alt+key
};

inline QString plainText(const QString& text) {
    if (!Qt::mightBeRichText(text)) return text;
    QTextDocument doc;
    doc.setHtml(text);
    return doc.toPlainText();
}

inline QString describeWidget(const QWidget* w) {
    return QString::fromLatin1(w->metaObject()->className()) + QLatin1Char(' ') + w->objectName();
}

inline void addMenu(QList<VisibleText>& out, QMenu* menu, const QString& path) {
    for (QAction* a : menu->actions()) {
        if (a->isSeparator() || !a->isVisible()) continue;
        const QString where = path + QStringLiteral(" > ") + a->text();
        out.append({QStringLiteral("menu ") + where, a->text(), false});
        if (!a->toolTip().isEmpty() && a->toolTip() != QString(a->text()).remove(QLatin1Char('&')))
            out.append({QStringLiteral("tooltip of ") + where, a->toolTip(), false});
        if (a->menu()) addMenu(out, a->menu(), where);
    }
}

// Every text a user can read in `root` and its visible children (menus included, opened or not).
inline QList<VisibleText> visibleTexts(QWidget* root) {
    QList<VisibleText> out;
    if (auto* main = qobject_cast<QMainWindow*>(root); main && main->menuBar())
        for (QAction* a : main->menuBar()->actions()) {
            out.append({QStringLiteral("menu bar"), a->text(), false});
            if (a->menu()) addMenu(out, a->menu(), a->text());
        }
    QList<QWidget*> widgets = root->findChildren<QWidget*>();
    widgets.prepend(root);
    for (QWidget* w : widgets) {
        if (!w->isVisibleTo(root) && w != root) continue;
        if (qobject_cast<QMenu*>(w)) continue;  // walked from the menu bar
        const QString where = describeWidget(w);
        if (!w->toolTip().isEmpty())
            out.append({QStringLiteral("tooltip of ") + where, plainText(w->toolTip()), false});
        if (w == root && !w->windowTitle().isEmpty())
            out.append({QStringLiteral("title of ") + where, w->windowTitle(), false});
        if (auto* label = qobject_cast<QLabel*>(w)) {
            if (!label->text().isEmpty())
                out.append({where, plainText(label->text()), label->buddy() != nullptr});
        } else if (auto* button = qobject_cast<QAbstractButton*>(w)) {
            if (!button->text().isEmpty()) out.append({where, button->text(), true});
        } else if (auto* box = qobject_cast<QGroupBox*>(w)) {
            out.append({where, box->title(), box->isCheckable()});
        } else if (auto* tabs = qobject_cast<QTabBar*>(w)) {
            for (int i = 0; i < tabs->count(); ++i) out.append({where, tabs->tabText(i), true});
        } else if (auto* combo = qobject_cast<QComboBox*>(w)) {
            if (!combo->isEditable())
                for (int i = 0; i < combo->count(); ++i)
                    out.append({where + QStringLiteral(" item"), combo->itemText(i), false});
        } else if (auto* browser = qobject_cast<QTextBrowser*>(w)) {
            out.append({where, browser->toPlainText(), false});
        } else if (auto* header = qobject_cast<QHeaderView*>(w)) {
            if (!header->model()) continue;
            for (int i = 0; i < header->count(); ++i)
                if (!header->isSectionHidden(i))
                    out.append({where + QStringLiteral(" header"),
                                header->model()->headerData(i, header->orientation()).toString(),
                                false});
        } else if (auto* view = qobject_cast<QAbstractItemView*>(w)) {
            QAbstractItemModel* model = view->model();
            if (!model || qobject_cast<QComboBox*>(w->parentWidget())) continue;
            for (int r = 0; r < std::min(model->rowCount(), 200); ++r)
                for (int c = 0; c < model->columnCount(); ++c) {
                    const QModelIndex index = model->index(r, c);
                    out.append({where + QStringLiteral(" cell"), index.data().toString(), false});
                    const QString tip = index.data(Qt::ToolTipRole).toString();
                    if (!tip.isEmpty())
                        out.append(
                            {where + QStringLiteral(" cell tooltip"), plainText(tip), false});
                }
        } else if (auto* plot = qobject_cast<QCustomPlot*>(w)) {
            for (QCPTextElement* title : plot->findChildren<QCPTextElement*>())
                out.append({where + QStringLiteral(" title"), title->text(), false});
            for (QCPAxis* axis : plot->axisRect() ? plot->axisRect()->axes() : QList<QCPAxis*>{})
                if (axis->visible() && !axis->label().isEmpty())
                    out.append({where + QStringLiteral(" axis"), axis->label(), false});
        }
    }
    return out;
}

// The key a text's single '&' takes ("&File" -> 'F', "文件(&F)" -> 'F'); null when none.
inline QChar mnemonic(const QString& text) {
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        if (text[i] != QLatin1Char('&')) continue;
        if (text[i + 1] == QLatin1Char('&')) {
            ++i;
            continue;
        }
        return text[i + 1].toUpper();
    }
    return {};
}

// Why a chart title of `plot`'s layout does not fit the space the chart gives it, or "".
inline QString titleClipping(QWidget& chart) {
    for (QCustomPlot* plot : chart.findChildren<QCustomPlot*>()) {
        plot->replot();
        for (QCPTextElement* title : plot->findChildren<QCPTextElement*>()) {
            if (title->text().isEmpty()) continue;
            // The lines the title needs at the width it has (it may wrap).
            const QRect got = title->rect();
            const QFontMetrics metrics(title->font());
            const QRect needed = metrics.boundingRect(QRect(0, 0, got.width(), 100000),
                                                      title->textFlags(), title->text());
            if (got.width() < needed.width() || got.height() < needed.height())
                return QStringLiteral("title \"%1\" needs %2×%3 px, has %4×%5 (chart %6×%7)")
                    .arg(title->text())
                    .arg(needed.width())
                    .arg(needed.height())
                    .arg(got.width())
                    .arg(got.height())
                    .arg(plot->width())
                    .arg(plot->height());
        }
    }
    return {};
}

}  // namespace reducelab::ui::test
