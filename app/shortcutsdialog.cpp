#include "shortcutsdialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMenu>
#include <QMenuBar>
#include <QGuiApplication>
#include <QRegularExpression>
#include <QScreen>
#include <QScrollBar>
#include <QTableWidget>
#include <QVBoxLayout>

namespace {

QString withoutMnemonic(QString text)
{
    text.remove(QRegularExpression(QStringLiteral("&(?!&)")));
    text.replace(QStringLiteral("&&"), QStringLiteral("&"));
    if (text.endsWith(QStringLiteral("…")))
        text.chop(1);
    return text;
}

void collect(const QMenu* menu, const QString& section, QList<ShortcutsDialog::Entry>& out)
{
    const QList<QAction*> actions = menu->actions();
    for (const QAction* action : actions) {
        if (action->menu()) {
            collect(action->menu(), section, out);
            continue;
        }
        const QList<QKeySequence> keys = action->shortcuts();
        if (keys.isEmpty() || action->isSeparator())
            continue;
        QStringList written;
        for (const QKeySequence& key : keys)
            written << key.toString(QKeySequence::NativeText);
        out.append({section, withoutMnemonic(action->text()), written.join(QStringLiteral(", "))});
    }
}

// Keys the views handle in their own key events (not menu actions).
QList<ShortcutsDialog::Entry> viewKeys()
{
    const QString views = ShortcutsDialog::tr("Views");
    const QString flame = ShortcutsDialog::tr("Flame graph and chart");
    const QString timeline = ShortcutsDialog::tr("Timeline");
    return {
        {views, ShortcutsDialog::tr("Next / previous control"), ShortcutsDialog::tr("Tab / Shift+Tab")},
        {views, ShortcutsDialog::tr("Open the selected function's source"), ShortcutsDialog::tr("Enter, double-click")},
        {views, ShortcutsDialog::tr("Copy the selected rows (tab-separated)"),
         QKeySequence(QKeySequence::Copy).toString(QKeySequence::NativeText)},
        {views, ShortcutsDialog::tr("Find field: clear the search and go back to the view"),
         ShortcutsDialog::tr("Esc")},
        {views, ShortcutsDialog::tr("Trees: clear the time range"), ShortcutsDialog::tr("Esc")},
        {views, ShortcutsDialog::tr("Trees, flame graph and chart: focus on the selected function"), ShortcutsDialog::tr("F")},
        {views, ShortcutsDialog::tr("Trees, flame graph and chart: focus on this call path"), ShortcutsDialog::tr("Shift+F")},
        {views, ShortcutsDialog::tr("Trees, flame graph and chart: merge the function into its callers"),
         ShortcutsDialog::tr("M")},
        {views, ShortcutsDialog::tr("Trees, flame graph and chart: drop the samples holding the function"),
         ShortcutsDialog::tr("D")},
        {views, ShortcutsDialog::tr("Trees, flame graph and chart: collapse the function's recursion"),
         ShortcutsDialog::tr("R")},
        {views, ShortcutsDialog::tr("Undo the last transform (in the flame graph once it is zoomed out)"),
         ShortcutsDialog::tr("Backspace")},
        {flame, ShortcutsDialog::tr("Choose a frame: parent / child / previous / next sibling"),
         ShortcutsDialog::tr("Up / Down / Left / Right")},
        {flame, ShortcutsDialog::tr("Choose the next / previous search match"),
         ShortcutsDialog::tr("F3 / Shift+F3, Enter in the find field")},
        {flame, ShortcutsDialog::tr("Zoom into the chosen frame"), ShortcutsDialog::tr("Enter, +, W, click")},
        {flame, ShortcutsDialog::tr("Zoom out one level"), ShortcutsDialog::tr("−, S, Backspace while zoomed in")},
        {flame, ShortcutsDialog::tr("Flame chart: zoom the time window in / out"), ShortcutsDialog::tr("+ / −, W / S")},
        {flame, ShortcutsDialog::tr("Flame chart: pan the time window"), ShortcutsDialog::tr("A / D")},
        {flame, ShortcutsDialog::tr("Reset the zoom"), ShortcutsDialog::tr("0")},
        {timeline, ShortcutsDialog::tr("Zoom in / out"), ShortcutsDialog::tr("+ / −, W / S, wheel")},
        {timeline, ShortcutsDialog::tr("Pan"), ShortcutsDialog::tr("Left / Right, A / D, Shift+drag")},
        {timeline, ShortcutsDialog::tr("Select a time range"), ShortcutsDialog::tr("Shift+Left / Shift+Right, drag")},
        {timeline, ShortcutsDialog::tr("Clear the time range"), ShortcutsDialog::tr("Esc")},
        {timeline, ShortcutsDialog::tr("Show the whole profile"), ShortcutsDialog::tr("0")},
        {views, ShortcutsDialog::tr("Debugger: delete the selected breakpoint"),
         QKeySequence(QKeySequence::Delete).toString(QKeySequence::NativeText)},
    };
}

} // namespace

QList<ShortcutsDialog::Entry> ShortcutsDialog::entries(const QMenuBar* menuBar)
{
    QList<Entry> out;
    const QList<QAction*> menus = menuBar->actions();
    for (const QAction* top : menus) {
        if (top->menu())
            collect(top->menu(), withoutMnemonic(top->text()), out);
    }
    out.append(viewKeys());
    return out;
}

QString ShortcutsDialog::markdown(const QList<Entry>& entries)
{
    QString text = tr("| Where | Command | Keys |\n|---|---|---|\n");
    for (const Entry& e : entries)
        text += QStringLiteral("| %1 | %2 | %3 |\n").arg(e.section, e.command, e.keys);
    return text;
}

ShortcutsDialog::ShortcutsDialog(const QMenuBar* menuBar, QWidget* parent)
    : QDialog(parent), m_table(new QTableWidget(this))
{
    setWindowTitle(tr("Keyboard Shortcuts"));
    const QList<Entry> all = entries(menuBar);
    m_table->setColumnCount(3);
    m_table->setHorizontalHeaderLabels({tr("Where"), tr("Command"), tr("Keys")});
    m_table->setRowCount(int(all.size()));
    for (int row = 0; row < all.size(); ++row) {
        const Entry& e = all[row];
        int column = 0;
        for (const QString& text : {e.section, e.command, e.keys}) {
            auto* item = new QTableWidgetItem(text);
            item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
            item->setToolTip(text); // whole, should the window be narrower than the line
            m_table->setItem(row, column++, item);
        }
    }
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    // One line a row, every row as tall: rows sized to their contents before the dialog had its
    // width wrapped some commands in a narrow column and not others.
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->resizeColumnsToContents();
    // Wide enough for every line where the screen allows.
    int width = 2 * m_table->frameWidth() + m_table->verticalScrollBar()->sizeHint().width() + 24;
    for (int column = 0; column < m_table->columnCount(); ++column)
        width += m_table->columnWidth(column);
    m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_table->setAccessibleName(tr("Keyboard shortcuts"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_table);
    layout->addWidget(buttons);
    const QScreen* screen = parent ? parent->screen() : QGuiApplication::primaryScreen();
    const int available = screen ? screen->availableGeometry().width() - 40 : width;
    resize(std::min(width, available), 520);
}
