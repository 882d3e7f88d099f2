#include "windowexports.h"

#include "savefolder.h"

#include "app/tabs/windowtabs.h"

#include "views/flamegraphview.h"
#include "views/imageexport.h"
#include "views/timelinewidget.h"

#include <QApplication>
#include <QClipboard>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QPointer>
#include <QTreeView>

namespace {

template <typename T>
T* shownOrFirst(QWidget* tab)
{
    if (!tab)
        return nullptr;
    const QList<T*> all = tab->findChildren<T*>();
    for (T* widget : all) {
        if (widget->isVisible())
            return widget;
    }
    return all.value(0);
}

} // namespace

WindowExports::WindowExports(WindowTabs* tabs, QSettings* settings, QWidget* window, QMenu* menu)
    : QObject(tabs), m_tabs(tabs), m_settings(settings), m_window(window), m_menu(menu)
{
    menu->addAction(tr("&Flame Graph as SVG or PNG…"), this, [this] {
        FlameGraphView* view = flameView(m_tabs->currentWidget());
        if (view)
            exportImage(view, view->mode() == FlameGraphView::Mode::Chart ? QStringLiteral("flame-chart")
                                                                          : QStringLiteral("flame-graph"));
    })->setObjectName(QStringLiteral("exportFlameGraph"));
    menu->addAction(tr("&Timeline as SVG or PNG…"), this, [this] {
        if (QWidget* view = timeline(m_tabs->currentWidget()))
            exportImage(view, QStringLiteral("timeline"));
    })->setObjectName(QStringLiteral("exportTimeline"));
    menu->addSeparator();
    menu->addAction(tr("Copy Table as Tab-&Separated Text"), this,
                    [this] { copyTable(TreeExport::Format::TabSeparated); })
        ->setObjectName(QStringLiteral("copyTableTsv"));
    menu->addAction(tr("Copy Table as &Markdown"), this, [this] { copyTable(TreeExport::Format::Markdown); })
        ->setObjectName(QStringLiteral("copyTableMarkdown"));
    connect(menu, &QMenu::aboutToShow, this, &WindowExports::updateActions);
}

FlameGraphView* WindowExports::flameView(QWidget* tab)
{
    return shownOrFirst<FlameGraphView>(tab);
}

QWidget* WindowExports::timeline(QWidget* tab)
{
    return shownOrFirst<TimelineWidget>(tab);
}

QTreeView* WindowExports::tableInFront(QWidget* tab)
{
    if (!tab)
        return nullptr;
    for (QWidget* w = QApplication::focusWidget(); w; w = w->parentWidget()) {
        if (auto* tree = qobject_cast<QTreeView*>(w); tree && tab->isAncestorOf(tree))
            return tree;
    }
    const QList<QTreeView*> trees = tab->findChildren<QTreeView*>();
    for (QTreeView* tree : trees) {
        if (tree->isVisible() && tree->model() && tree->model()->rowCount() > 0)
            return tree;
    }
    return nullptr;
}

bool WindowExports::copyTable(TreeExport::Format format)
{
    QTreeView* tree = tableInFront(m_tabs->currentWidget());
    if (!tree)
        return false;
    const QString text = TreeExport::text(tree, format);
    QApplication::clipboard()->setText(text);
    emit statusMessage(tr("Copied %n row(s).", nullptr,
                          int(text.count(QLatin1Char('\n'))) - (format == TreeExport::Format::Markdown ? 2 : 1)),
                       4000);
    return true;
}

void WindowExports::updateActions()
{
    QWidget* tab = m_tabs->currentWidget();
    const QList<QAction*> actions = m_menu->actions();
    for (QAction* action : actions) {
        if (action->objectName() == QLatin1String("exportFlameGraph"))
            action->setEnabled(flameView(tab) != nullptr);
        else if (action->objectName() == QLatin1String("exportTimeline"))
            action->setEnabled(timeline(tab) != nullptr);
        else if (!action->isSeparator())
            action->setEnabled(tableInFront(tab) != nullptr);
    }
}

QString WindowExports::suggestedName(const QString& what) const
{
    // "xst-2026-11-26-0412-flame-graph.svg", "node_fib-timeline.svg": no state words, no '#'.
    return m_tabs->suggestedFileName(m_tabs->currentIndex()) + QLatin1Char('-') + what + QStringLiteral(".svg");
}

void WindowExports::exportImage(QWidget* view, const QString& what)
{
    auto* dialog = new QFileDialog(m_window, tr("Export"), SaveFolder::folder(*m_settings), ImageExport::fileFilter());
    dialog->setObjectName(QStringLiteral("exportDialog"));
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->selectFile(suggestedName(what));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QFileDialog::fileSelected, this, [this, dialog, view = QPointer<QWidget>(view)](const QString& path) {
        if (view)
            save(view, path, dialog->selectedNameFilter());
    });
    dialog->open();
}

void WindowExports::save(QWidget* view, const QString& path, const QString& filter)
{
    QString target = path;
    if (QFileInfo(target).suffix().isEmpty()) // the dialog's filter decides when no extension was typed
        target += filter.contains(QLatin1String("png")) ? QStringLiteral(".png") : QStringLiteral(".svg");
    QString error;
    if (!ImageExport::save(view, target, &error)) {
        auto* box = new QMessageBox(QMessageBox::Warning, tr("Export failed"), tr("Could not write %1.").arg(target),
                                    QMessageBox::Ok, m_window);
        box->setTextFormat(Qt::PlainText);
        box->setInformativeText(error);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
        return;
    }
    SaveFolder::remember(*m_settings, target);
    emit statusMessage(tr("Exported %1.").arg(QFileInfo(target).fileName()), 4000);
}
